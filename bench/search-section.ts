import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { migrateToLatest } from '../src/server/db/migrate.js';
import { searchNotes } from '../src/server/search/search-notes.js';
import type { Database } from '../src/server/storage/database.js';
import { openDatabase } from '../src/server/storage/open-database.js';
import { seededRandom } from './note-text.js';
import { loadAverage, print, progress } from './report.js';
import { pickQueryWord, pickSpacelessWord, searchNoteText } from './search-corpus.js';
import { type LatencySummary, summarize } from './stats.js';
import { count, formatTable, ms } from './table.js';

export interface SearchSettings {
  notes: number;
  noiseUsers: number;
  noiseNotesPerUser: number;
  samples: number;
}

interface SearchRow {
  kind: string;
  latency: LatencySummary;
  medianResults: number;
}

const BATCH = 500;
const LIMIT = 50;
const SEARCH_P95_BAR_MS = 50;

/**
 * Writes users and notes straight to the database and indexes each batch as it lands (on SQLite
 * the server does that after its writes; on PostgreSQL the triggers do it in the write).
 */
async function loadCorpus(
  database: Database,
  s: SearchSettings,
): Promise<{ userId: string; seconds: number }> {
  const start = performance.now();
  const users = Array.from({ length: 1 + s.noiseUsers }, () => randomUUID());
  await database.db
    .insertInto('users')
    .values(
      users.map((id) => ({ id, email: `${id}@example.com`, password_hash: 'x', time_created: 0 })),
    )
    .execute();
  let seed = 0;
  for (const [index, userId] of users.entries()) {
    const total = index === 0 ? s.notes : s.noiseNotesPerUser;
    for (let done = 0; done < total; done += BATCH) {
      const rows = Array.from({ length: Math.min(BATCH, total - done) }, (_, i) => {
        seed += 1;
        return {
          id: randomUUID(),
          user_id: userId,
          body: searchNoteText(seed),
          time_created: 1_700_000_000 + done + i,
          time_last_modified: 1_700_000_000 + done + i,
          revision: 1,
          change_seq: done + i + 1,
        };
      });
      await database.db
        .transaction()
        .execute((trx) => trx.insertInto('notes').values(rows).execute());
      await database.searchIndex.catchUp({ limit: BATCH });
    }
  }
  return { userId: users[0] ?? '', seconds: (performance.now() - start) / 1000 };
}

async function measure(
  database: Database,
  userId: string,
  s: SearchSettings,
): Promise<SearchRow[]> {
  const { search } = database;
  const random = seededRandom(42);
  const kinds: Record<string, () => string> = {
    'one word': () => pickQueryWord(random),
    prefix: () => pickQueryWord(random).slice(0, 3),
    'two words': () => `${pickQueryWord(random)} ${pickQueryWord(random)}`,
    'Chinese word': () => pickSpacelessWord(random),
  };
  const rows: SearchRow[] = [];
  for (const [kind, makeQuery] of Object.entries(kinds)) {
    const latencies: number[] = [];
    const found: number[] = [];
    for (let i = 0; i < s.samples + 10; i += 1) {
      const text = makeQuery();
      const begin = performance.now();
      const answer = await searchNotes(search, { userId, text, limit: LIMIT, includeTrash: false });
      if (i >= 10) {
        latencies.push(performance.now() - begin);
        found.push(answer.results.length);
      }
    }
    found.sort((a, b) => a - b);
    rows.push({
      kind,
      latency: summarize(latencies),
      medianResults: found[found.length >> 1] ?? 0,
    });
  }
  return rows;
}

async function runOn(name: string, database: Database, s: SearchSettings): Promise<void> {
  await migrateToLatest(database.db);
  progress(
    `search: loading ${count(s.notes + s.noiseUsers * s.noiseNotesPerUser)} notes into ${name}`,
  );
  const { userId, seconds } = await loadCorpus(database, s);
  // Fresh statistics, as a database in use has: without them the planner guesses.
  if (database.kind === 'postgres') await sql`analyze`.execute(database.db);
  const rows = await measure(database, userId, s);
  const pass = rows.every((row) => row.latency.p95 <= SEARCH_P95_BAR_MS);
  print(
    `${name}: loaded and indexed in ${seconds.toFixed(1)} s ` +
      `(${count((s.notes + s.noiseUsers * s.noiseNotesPerUser) / seconds)} notes/s) [${loadAverage()}]`,
  );
  print(
    formatTable(
      ['query', 'samples', 'results (median)', 'p50 ms', 'p95 ms', 'max ms'],
      rows.map((row) => [
        row.kind,
        String(row.latency.count),
        String(row.medianResults),
        ms(row.latency.p50),
        ms(row.latency.p95),
        ms(row.latency.max),
      ]),
    ),
  );
  print(`bar: p95 ≤ ${SEARCH_P95_BAR_MS} ms for each kind → ${pass ? 'PASS' : 'FAIL'}`);
}

/**
 * Section 5: search server time (parse, index query, notes read, snippets) in process, over
 * 100,000 notes of one user among other users' notes, on SQLite and on PostgreSQL.
 */
export async function searchSection(s: SearchSettings, sqliteFile: string, postgresUrl?: string) {
  print(
    `5. Search — ${count(s.notes)} notes of one user (150–2,000 B of markdown) among ` +
      `${s.noiseUsers} other users' ${count(s.noiseUsers * s.noiseNotesPerUser)}; limit ${LIMIT}; ` +
      'server time per search (parse, index, read notes, snippets)',
  );
  const sqlite = await openDatabase({ kind: 'sqlite', file: sqliteFile });
  try {
    await runOn('SQLite', sqlite, s);
  } finally {
    await sqlite.close();
  }
  if (!postgresUrl) {
    print('PostgreSQL: skipped (set BENCH_POSTGRES_URL=postgres://… to an admin connection)');
    return;
  }
  await searchOnPostgres(postgresUrl, s);
}

async function searchOnPostgres(adminUrl: string, s: SearchSettings): Promise<void> {
  const { default: pg } = await import('pg');
  const name = `quire_bench_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  await admin(`create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    const database = await openDatabase({ kind: 'postgres', url: url.href });
    try {
      await runOn('PostgreSQL', database, s);
    } finally {
      await database.close();
    }
  } finally {
    await admin(`drop database if exists "${name}" with (force)`);
  }
}
