import type { ListOrderKey } from '../../shared/list-order.js';
import type { Note } from '../../shared/note.js';
import type { Db } from '../db/schema.js';
import { toNote } from '../notes/note-repository.js';

const PAGE_SIZE = 500;

/** A note of a page, with its change number: what places it in the list beside its time. */
export type PagedNote = Note & ListOrderKey;

/**
 * The user's notes in the list, in the order they last changed, a page at a time: only one
 * page is ever in memory, however many notes there are. Each page continues after the last
 * change number seen, along the (user, change_seq) index.
 */
export async function* notePages(db: Db, userId: string): AsyncGenerator<PagedNote[]> {
  let after = -1;
  for (;;) {
    const rows = await db
      .selectFrom('notes')
      .select(['id', 'body', 'time_created', 'time_last_modified', 'revision', 'change_seq'])
      .where('user_id', '=', userId)
      .where('change_seq', '>', after)
      .where('time_deleted', 'is', null)
      .orderBy('change_seq')
      .limit(PAGE_SIZE)
      .execute();
    if (rows.length === 0) return;
    yield rows.map((row) => ({ ...toNote(row), changeSeq: Number(row.change_seq) }));
    after = Number(rows[rows.length - 1]?.change_seq);
    if (rows.length < PAGE_SIZE) return;
  }
}
