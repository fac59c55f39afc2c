import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import { hashSessionToken, newSessionToken } from '../src/server/accounts/session-token.js';
import { migrateToLatest } from '../src/server/db/migrate.js';
import type { NoteTable } from '../src/server/db/schema.js';
import { openDatabase } from '../src/server/storage/open-database.js';
import { noteText, seededRandom } from './note-text.js';

const BATCH = 1000;
const FIRST_TIME = 1_700_000_000;

/** One user with many notes, a session to open the app with, and the ids in list order. */
export interface BrowserAccount {
  email: string;
  token: string;
  /** Newest first, as the list shows them. */
  noteIds: string[];
  /** The id of a note of about 1 MB among them (not at the top of the list). */
  largeNoteId: string;
}

const LARGE_NOTE_BYTES = 1024 * 1024;

/**
 * Writes an account with `count` notes of about 1 KiB (and one of 1 MB) straight into a new
 * SQLite file, as years of use would leave it, and indexes them for search; the server is
 * started on the file afterwards.
 */
export async function prepareBrowserAccount(file: string, count: number): Promise<BrowserAccount> {
  const database = await openDatabase({ kind: 'sqlite', file });
  try {
    await migrateToLatest(database.db);
    const userId = randomUUID();
    const email = 'many-notes@bench.test';
    const token = newSessionToken();
    await database.db
      .insertInto('users')
      .values({ id: userId, email, password_hash: 'not used', time_created: FIRST_TIME })
      .execute();
    await database.db
      .insertInto('sessions')
      .values({
        id: randomUUID(),
        user_id: userId,
        token_hash: hashSessionToken(token),
        time_created: Math.floor(Date.now() / 1000),
        time_last_seen: Math.floor(Date.now() / 1000),
        user_agent: 'bench',
        address: '127.0.0.1',
      })
      .execute();
    const ids: string[] = [];
    const large = Math.max(0, count - 3); // shown near the top, not at it
    for (let at = 0; at < count; at += BATCH) {
      const rows: Insertable<NoteTable>[] = [];
      for (let i = at; i < Math.min(count, at + BATCH); i += 1) {
        const id = randomUUID();
        ids.push(id);
        const body =
          i === large
            ? noteText(seededRandom(i), LARGE_NOTE_BYTES, `Large note ${i}`)
            : noteText(seededRandom(i), 1024, `Note ${i}`);
        const time = FIRST_TIME + i * 60;
        rows.push({
          id,
          user_id: userId,
          body,
          time_created: time,
          time_last_modified: time,
          revision: 1,
          change_seq: i + 1,
        });
      }
      await database.db
        .transaction()
        .execute((trx) => trx.insertInto('notes').values(rows).execute());
    }
    await database.db.updateTable('users').set({ change_seq: count }).execute();
    await database.reindexSearch();
    const largeNoteId = ids[large] ?? '';
    return { email, token, noteIds: ids.reverse(), largeNoteId };
  } finally {
    await database.close();
  }
}
