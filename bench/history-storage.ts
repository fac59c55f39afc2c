/**
 * What a day of steady typing costs in history: one note typed into for eight hours, a save
 * every two seconds, through the real note service over a real SQLite file, with the clock
 * moved instead of waited for. Storage, not speed, so commits skip the fsync here.
 */
import path from 'node:path';
import { sql } from 'kysely';
import { openDatabase } from '../src/server/db/database.js';
import { migrateToLatest } from '../src/server/db/migrate.js';
import type { LiveBus } from '../src/server/live/live-bus.js';
import { keepHouse } from '../src/server/notes/history-policy.js';
import { NoteService } from '../src/server/notes/note-service.js';
import { print, progress } from './report.js';
import { bytes, count, formatTable } from './table.js';

const HOURS = 8;
const SAVE_EVERY_SECONDS = 2;
const WORDS = ['notes', 'kept', 'for', 'years', 'the', 'quiet', 'careful', 'plan', 'and', 'draft'];

const silentBus: LiveBus = {
  publish: async () => {},
  endSessions: async () => {},
  subscribe: () => () => {},
  close: async () => {},
};
const silentLog = { warn() {}, info() {} } as unknown as ConstructorParameters<
  typeof NoteService
>[2];

export async function historyStorageSection(tempDir: string): Promise<void> {
  progress('history storage: eight hours of typing');
  const file = path.join(tempDir, 'history.db');
  const database = await openDatabase({ kind: 'sqlite', file });
  try {
    const { db } = database;
    await migrateToLatest(db);
    await sql`pragma synchronous = off`.execute(db);
    await db
      .insertInto('users')
      .values({ id: 'u', email: 'typist@example.com', password_hash: 'x', time_created: 0 })
      .execute();
    let now = 1_800_000_000;
    const notes = new NoteService(db, silentBus, silentLog, () => now);
    const caller = { userId: 'u', sessionId: 's' };
    let note = await notes.create(caller, '');
    const size = async (kept: 0 | 1) => {
      const row = await db
        .selectFrom('note_versions')
        .where('kept', '=', kept)
        .select((eb) => [
          eb.fn.countAll<number>().as('rows'),
          eb.fn.sum<number>(sql`length(body)`).as('chars'),
        ])
        .executeTakeFirstOrThrow();
      return { rows: Number(row.rows), chars: Number(row.chars ?? 0) };
    };
    const saves = (HOURS * 3600) / SAVE_EVERY_SECONDS;
    for (let i = 0; i < saves; i += 1) {
      now += SAVE_EVERY_SECONDS;
      const word = WORDS[i % WORDS.length] as string;
      const body = `${note.body}${i % 12 === 11 ? '\n\n' : ' '}${word}`;
      note = (await notes.update(caller, note.id, body, note.revision)).note;
      if (i % 1800 === 0) await keepHouse(db, { historyDays: 90, trashDays: 30 }, now);
    }
    await keepHouse(db, { historyDays: 90, trashDays: 30 }, now);
    const bases = await size(0);
    const snapshots = await size(1);
    print(`History storage — one note, ${HOURS} h of typing, a save every ${SAVE_EVERY_SECONDS} s`);
    print(
      formatTable(
        ['saves', 'note at the end', 'snapshots kept', 'last hour’s merge bases'],
        [
          [
            count(saves),
            bytes(note.body.length),
            `${bytes(snapshots.chars)} in ${count(snapshots.rows)}`,
            `${bytes(bases.chars)} of text in ${count(bases.rows)} revisions`,
          ],
        ],
      ),
    );
  } finally {
    await database.close();
  }
}
