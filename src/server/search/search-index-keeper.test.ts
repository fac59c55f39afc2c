import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type CatchUpIndex, SearchIndexKeeper } from './search-index-keeper.js';

/** Notes waiting to be indexed, by user, and the catch-ups asked for. */
function fakeIndex(waiting: Record<string, number>) {
  const catchUps: { userId?: string; took: number }[] = [];
  const left = (userId?: string) =>
    userId === undefined
      ? Object.values(waiting).reduce((sum, n) => sum + n, 0)
      : (waiting[userId] ?? 0);
  const index: CatchUpIndex = {
    behind: async (userId) => left(userId) > 0,
    catchUp: async ({ userId, limit }) => {
      let took = 0;
      for (const user of Object.keys(waiting)) {
        if (userId !== undefined && user !== userId) continue;
        const n = Math.min(limit - took, waiting[user] ?? 0);
        waiting[user] = (waiting[user] ?? 0) - n;
        took += n;
      }
      catchUps.push({ userId, took });
      return took;
    },
  };
  return { index, catchUps, left };
}

const log = { warn: vi.fn() };
const timings = { quietMs: 1_000, maxDelayMs: 5_000, chunk: 10 };

beforeEach(() => {
  // setImmediate stays real: a long catch-up yields to waiting requests between chunks.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('SearchIndexKeeper', () => {
  it('catches up once writes pause, in chunks', async () => {
    const { index, catchUps, left } = fakeIndex({ ann: 25 });
    const keeper = new SearchIndexKeeper(index, log, timings);
    keeper.written();
    await vi.advanceTimersByTimeAsync(999);
    expect(catchUps).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await keeper.catchUpAll();
    expect(catchUps.map((c) => c.took)).toEqual([10, 10, 5]);
    expect(left()).toBe(0);
  });

  it('catches up while writes go on, once the oldest has waited long enough', async () => {
    const { index, catchUps } = fakeIndex({ ann: 3 });
    const keeper = new SearchIndexKeeper(index, log, timings);
    for (let ms = 0; ms < 4_900; ms += 100) {
      keeper.written();
      await vi.advanceTimersByTimeAsync(100);
    }
    expect(catchUps).toEqual([]);
    keeper.written();
    await vi.advanceTimersByTimeAsync(100);
    await keeper.catchUpAll();
    expect(catchUps).toEqual([{ userId: undefined, took: 3 }]);
  });

  it("brings one user's notes up to date at once, and only theirs", async () => {
    const { index, catchUps, left } = fakeIndex({ ann: 12, bob: 4 });
    const keeper = new SearchIndexKeeper(index, log, timings);
    await keeper.upToDate('ann');
    expect(catchUps).toEqual([
      { userId: 'ann', took: 10 },
      { userId: 'ann', took: 2 },
    ]);
    expect(left('bob')).toBe(4);
  });

  it('tidies the index once writes pause, until nothing is left to tidy', async () => {
    const { index } = fakeIndex({ ann: 3 });
    let steps = 3;
    const tidy = vi.fn(async () => --steps > 0);
    const keeper = new SearchIndexKeeper({ ...index, tidy }, log, timings);
    keeper.written();
    await vi.advanceTimersByTimeAsync(1_000);
    await vi.waitFor(() => expect(tidy).toHaveBeenCalledTimes(3));
  });

  it('leaves tidying for later while writes go on, and when nothing was indexed', async () => {
    const { index } = fakeIndex({ ann: 3 });
    const tidy = vi.fn(async () => false);
    const keeper = new SearchIndexKeeper({ ...index, tidy }, log, timings);
    for (let ms = 0; ms < 5_000; ms += 100) {
      keeper.written();
      await vi.advanceTimersByTimeAsync(100);
    }
    await keeper.catchUpAll();
    expect(tidy).not.toHaveBeenCalled();
    const idle = new SearchIndexKeeper({ ...fakeIndex({}).index, tidy }, log, timings);
    idle.written();
    await vi.advanceTimersByTimeAsync(1_000);
    await idle.catchUpAll();
    expect(tidy).not.toHaveBeenCalled();
  });

  it('does nothing more once closed', async () => {
    const { index, catchUps } = fakeIndex({ ann: 1 });
    const keeper = new SearchIndexKeeper(index, log, timings);
    keeper.written();
    await keeper.close();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(catchUps).toEqual([]);
  });

  it('tells of a failed catch-up and tries again after the next write', async () => {
    const { index, catchUps } = fakeIndex({ ann: 1 });
    const failing = { ...index, catchUp: vi.fn().mockRejectedValueOnce(new Error('disk full')) };
    failing.catchUp.mockImplementation(index.catchUp);
    const keeper = new SearchIndexKeeper(failing, log, timings);
    keeper.written();
    await vi.advanceTimersByTimeAsync(1_000);
    await vi.waitFor(() => expect(log.warn).toHaveBeenCalledOnce());
    keeper.written();
    await vi.advanceTimersByTimeAsync(1_000);
    await keeper.catchUpAll();
    expect(catchUps).toEqual([{ userId: undefined, took: 1 }]);
  });
});
