/**
 * What a day of steady typing costs in history: one note typed into for eight hours, a save
 * every two seconds (each after a pause, so every replaced text is listed), through the real
 * note service over a real SQLite file, with the clock moved instead of waited for. Storage,
 * not speed, so commits skip the fsync here.
 */
import path from 'node:path';
import { sql } from 'kysely';
import { migrateToLatest } from '../src/server/db/migrate.js';
import { createMemoryBus } from '../src/server/live/memory-bus.js';
import { keepHouse } from '../src/server/notes/history-policy.js';
import { NoteService } from '../src/server/notes/note-service.js';
import { openDatabase } from '../src/server/storage/open-database.js';
import { print, progress } from './report.js';
import { bytes, count, formatTable } from './table.js';

const HOURS = 8;
const SAVE_EVERY_SECONDS = 2;
const WORDS = ['notes', 'kept', 'for', 'years', 'the', 'quiet', 'careful', 'plan', 'and', 'draft'];

// A bus no one listens to: the figures are the saves' own.
const silentBus = createMemoryBus();
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
      note = (await notes.update(caller, note.id, { body, base: note.revision })).note;
      if (i % 1800 === 0) await keepHouse(db, { historyDays: 90, trashDays: 30 }, now);
    }
    await keepHouse(db, { historyDays: 90, trashDays: 30 }, now);
    const bases = await size(0);
    const listed = await size(1);
    const whole = await db
      .selectFrom('note_versions')
      .where('delta_start', 'is', null)
      .select((eb) => eb.fn.countAll<number>().as('rows'))
      .executeTakeFirstOrThrow();
    await sql`vacuum`.execute(db);
    const file = await sql<{ bytes: number }>`
      select page_count * page_size as bytes from pragma_page_count(), pragma_page_size()`.execute(
      db,
    );
    print(`History storage — one note, ${HOURS} h of typing, a save every ${SAVE_EVERY_SECONDS} s`);
    print(
      formatTable(
        ['saves', 'note at the end', 'listed versions', 'last hour’s merge bases', 'database file'],
        [
          [
            count(saves),
            bytes(note.body.length),
            `${bytes(listed.chars)} in ${count(listed.rows)} (${count(Number(whole.rows))} whole)`,
            `${bytes(bases.chars)} of text in ${count(bases.rows)} revisions`,
            bytes(Number(file.rows[0]?.bytes ?? 0)),
          ],
        ],
      ),
    );
  } finally {
    await database.close();
  }
}
