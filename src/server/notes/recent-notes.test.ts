import { expect, it } from 'vitest';
import type { StoredNote } from './note-repository.js';
import { RecentNotes } from './recent-notes.js';

const stored = (id: string, body: string, revision = 1): StoredNote => ({
  note: { id, body, timeCreated: 1, timeLastModified: 1, revision },
  timeDeleted: null,
  writtenBy: 's1',
  timeSnapshot: null,
  changeSeq: revision,
});

it('gives a note back to its own user only, in its newest version', () => {
  const recent = new RecentNotes();
  recent.keep('ada', stored('n1', 'one'));
  recent.keep('ada', stored('n1', 'one, then two', 2));
  expect(recent.get('ada', 'n1')).toEqual(stored('n1', 'one, then two', 2));
  expect(recent.get('grace', 'n1')).toBeUndefined();
  recent.forget('n1');
  expect(recent.get('ada', 'n1')).toBeUndefined();
});

it('lets the notes kept longest go once their text passes the limit', () => {
  const recent = new RecentNotes(10);
  recent.keep('ada', stored('n1', 'aaaa'));
  recent.keep('ada', stored('n2', 'bbbb'));
  recent.keep('ada', stored('n1', 'aaaaa', 2)); // kept again: now the newest
  recent.keep('ada', stored('n3', 'cc'));
  expect(recent.get('ada', 'n2')).toBeUndefined();
  expect(recent.get('ada', 'n1')?.note.body).toBe('aaaaa');
  expect(recent.get('ada', 'n3')?.note.body).toBe('cc');
  recent.keep('ada', stored('n4', 'x'.repeat(11))); // larger than all: not kept
  expect(recent.get('ada', 'n4')).toBeUndefined();
  expect(recent.get('ada', 'n3')?.note.body).toBe('cc');
});
