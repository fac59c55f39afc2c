import { describe, expect, it, vi } from 'vitest';
import { OfflineQueue, type QueueSender } from './offline-queue.js';
import { memoryOfflineStore } from './offline-store.js';

function sender(): QueueSender & { sent: string[] } {
  const sent: string[] = [];
  return {
    sent,
    create: vi.fn(async (id) => void sent.push(`create ${id}`)),
    delete: vi.fn(async (id) => void sent.push(`delete ${id}`)),
  };
}

describe('OfflineQueue', () => {
  it('keeps changes on the device until they are sent, and sends each once', async () => {
    const store = memoryOfflineStore();
    const queue = new OfflineQueue(store);
    await queue.open('me@x.org');
    await queue.add({ noteId: 'new', kind: 'create' });
    await queue.add({ noteId: 'old', kind: 'delete' });

    const afterReload = new OfflineQueue(store);
    await afterReload.open('me@x.org');
    expect(afterReload.noteIds()).toEqual(['new', 'old']);
    expect(afterReload.pendingCreates()).toEqual(['new']);

    const to = sender();
    await Promise.all([afterReload.sendAll(to), afterReload.sendAll(to)]);
    expect(to.sent).toEqual(['create new', 'delete old']);
    expect(afterReload.size).toBe(0);
    expect(await store.loadQueue('me@x.org')).toEqual([]);
  });

  it('stops at a failure and keeps what was not sent', async () => {
    const queue = new OfflineQueue(memoryOfflineStore());
    await queue.open('me@x.org');
    await queue.add({ noteId: 'a', kind: 'delete' });
    const failing = { create: vi.fn(), delete: vi.fn().mockRejectedValue(new Error('offline')) };
    await expect(queue.sendAll(failing)).rejects.toThrow('offline');
    expect(queue.noteIds()).toEqual(['a']);
  });

  it('forgets a note created and deleted before the server saw either', async () => {
    const queue = new OfflineQueue(memoryOfflineStore());
    await queue.open('me@x.org');
    await queue.add({ noteId: 'n', kind: 'create' });
    await queue.add({ noteId: 'n', kind: 'delete' });
    expect(queue.size).toBe(0);
  });

  it('sends a note made and deleted here with words in it to the server, then to its trash', async () => {
    const store = memoryOfflineStore();
    const queue = new OfflineQueue(store);
    await queue.open('me@x.org');
    await queue.add({ noteId: 'n', kind: 'create' });
    await queue.add({ noteId: 'n', kind: 'trash' });
    expect(queue.isPendingCreate('n')).toBe(true);
    expect(queue.isPendingDelete('n')).toBe(true);
    expect(queue.pendingCreates()).toEqual([]);

    const afterReload = new OfflineQueue(store);
    await afterReload.open('me@x.org');
    const to = sender();
    // Its save asks for the create first; the queue goes on to the delete alone.
    await afterReload.sendCreate('n', to);
    expect(afterReload.isPendingCreate('n')).toBe(false);
    expect(afterReload.isPendingDelete('n')).toBe(true);
    await afterReload.sendAll(to);
    expect(to.sent).toEqual(['create n', 'delete n']);
    expect(await store.loadQueue('me@x.org')).toEqual([]);

    const fresh = new OfflineQueue(memoryOfflineStore());
    await fresh.open('me@x.org');
    await fresh.add({ noteId: 'm', kind: 'trash' });
    const both = sender();
    // Both ask at once; the app's sender shares one request between them.
    await Promise.all([fresh.sendAll(both), fresh.sendCreate('m', both)]);
    expect(both.sent).toEqual(['create m', 'create m', 'delete m']);
    expect(fresh.size).toBe(0);
  });

  it("sends a note's create before its first save, and only once", async () => {
    const queue = new OfflineQueue(memoryOfflineStore());
    await queue.open('me@x.org');
    await queue.add({ noteId: 'n', kind: 'create' });
    const to = sender();
    await queue.sendCreate('n', to);
    await queue.sendCreate('n', to);
    expect(to.sent).toEqual(['create n']);
  });

  it('takes back a delete not sent yet, so it never reaches the server', async () => {
    const store = memoryOfflineStore();
    const queue = new OfflineQueue(store);
    await queue.open('me@x.org');
    await queue.add({ noteId: 'a', kind: 'delete' });
    expect(await queue.withdrawDelete('a')).toBe(true);
    expect(await queue.withdrawDelete('a')).toBe(false);
    expect(await store.loadQueue('me@x.org')).toEqual([]);
    const to = sender();
    await queue.sendAll(to);
    expect(to.sent).toEqual([]);
  });

  it('says whether a delete on its way reached the server before taking it back', async () => {
    const queue = new OfflineQueue(memoryOfflineStore());
    await queue.open('me@x.org');
    for (const reaches of [true, false]) {
      await queue.add({ noteId: 'a', kind: 'delete' });
      let answer!: (reached: boolean) => void;
      const answered = new Promise<boolean>((resolve) => (answer = resolve));
      const slow = {
        create: vi.fn(),
        delete: vi.fn(async () => {
          if (!(await answered)) throw new Error('offline');
        }),
      };
      const sending = queue.sendAll(slow).catch(() => undefined);
      await vi.waitFor(() => expect(slow.delete).toHaveBeenCalled());
      const withdrawn = queue.withdrawDelete('a');
      answer(reaches);
      expect(await withdrawn).toBe(!reaches);
      await sending;
      expect(queue.size).toBe(0);
    }
  });
});
