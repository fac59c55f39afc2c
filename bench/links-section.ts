/**
 * Links: the backlinks of a note linked from 1,000 notes, and what keeping the link index adds
 * to a save, through the real note service over a real database (server time, in process: the
 * index read, the notes read, each link's line, the JSON). `node --import tsx bench/links.ts`
 * runs it alone; `npm run bench` runs it after the search section.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { migrateToLatest } from '../src/server/db/migrate.js';
import { notesLinkingTo } from '../src/server/links/link-index.js';
import { linkChange } from '../src/server/links/link-keys.js';
import { createMemoryBus } from '../src/server/live/memory-bus.js';
import { NoteService } from '../src/server/notes/note-service.js';
import type { Database } from '../src/server/storage/database.js';
import { openDatabase } from '../src/server/storage/open-database.js';
import { backlinkOf } from '../src/shared/backlinks.js';
import { noteText, seededRandom } from './note-text.js';
import { createScratchDatabase } from './postgres-scratch.js';
import { loadAverage, print, progress } from './report.js';
import { type LatencySummary, summarize } from './stats.js';
import { formatTable, ms } from './table.js';

export interface LinksSettings {
  /** Notes linking to the one whose backlinks are read. */
  linking: number;
  /** Other notes of the account, linking elsewhere. */
  others: number;
  backlinkSamples: number;
  /** Saves of each kind, interleaved. */
  saves: number;
}

export const LINKS_SETTINGS: LinksSettings = {
  linking: 1000,
  others: 4000,
  backlinkSamples: 200,
  saves: 400,
};

const BACKLINKS_P95_BAR_MS = 30;
const SAVE_SHARE_BAR = 0.1;
const WORK_REPEATS = 50;

// A bus no one listens to: the figures are the saves' own.
const silentBus = createMemoryBus();
const silentLog = { warn() {}, info() {} } as unknown as ConstructorParameters<
  typeof NoteService
>[2];

interface SaveRow {
  kind: string;
  save: LatencySummary;
  /** Median time of the link work alone (reading both texts' links and names), in ms. */
  linkWorkMs: number;
  /** Mean save time, in ms. */
  meanMs: number;
}

const mean = (values: readonly number[]) =>
  values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);

/** A save as typing makes it: the last word before the note's end changes. */
const typed = (body: string, n: number) => body.replace(/ w\d+ end$/, ` w${n} end`);

async function runOn(label: string, database: Database, s: LinksSettings): Promise<string[]> {
  const { db } = database;
  await migrateToLatest(db);
  const userId = randomUUID();
  await db
    .insertInto('users')
    .values({ id: userId, email: `${userId}@example.com`, password_hash: 'x', time_created: 0 })
    .execute();
  const notes = new NoteService(db, silentBus, silentLog, () => Math.floor(Date.now() / 1000));
  const caller = { userId, sessionId: 'bench' };
  const random = seededRandom(7);
  progress(`links: ${s.linking + s.others} notes into ${label}`);
  const hub = await notes.create(caller, '# Lisbon trip\nflights and hotels');
  for (let i = 0; i < s.linking + s.others; i += 1) {
    const link = i < s.linking ? '[[Lisbon trip]]' : `[[Place ${i % 300}]]`;
    const text = noteText(random, 1000, `Note ${i}`);
    const cut = text.indexOf('\n', 200);
    await notes.create(caller, `${text.slice(0, cut)}\nSee ${link} for more.${text.slice(cut)}`);
  }
  if (database.kind === 'postgres') await sql`analyze`.execute(db);

  const latencies: number[] = [];
  let answered = 0;
  let bytes = 0;
  for (let i = 0; i < s.backlinkSamples + 10; i += 1) {
    const begin = performance.now();
    const { notes: linking, names } = await notesLinkingTo(db, userId, hub.id);
    const body = JSON.stringify({ results: linking.map((note) => backlinkOf(note, names)) });
    if (i >= 10) latencies.push(performance.now() - begin);
    answered = linking.length;
    bytes = body.length;
  }
  const backlinks = summarize(latencies);

  // Saves: a note of ~1 KB without links (the bench's update scenario), one with ten links
  // typed into elsewhere (its links stay), and one whose save adds or removes a link.
  const plain = await notes.create(caller, `${noteText(random, 1000, 'Plain')} w0 end`);
  const tenLinks = Array.from({ length: 10 }, (_, i) => `[[Place ${i}]]`).join(' ');
  const linked = await notes.create(
    caller,
    `${noteText(random, 900, 'Linked')}\n${tenLinks} w0 end`,
  );
  const toggled = await notes.create(caller, `${noteText(random, 900, 'Toggled')}\n${tenLinks}`);
  const kinds = [
    {
      kind: 'no links (update scenario)',
      note: plain,
      next: (b: string, n: number) => typed(b, n),
    },
    {
      kind: '10 links, typing elsewhere',
      note: linked,
      next: (b: string, n: number) => typed(b, n),
    },
    {
      kind: '10 links, a link added/removed',
      note: toggled,
      next: (b: string, n: number) =>
        n % 2 === 1 ? `${b} [[New ${n}]]` : b.slice(0, b.lastIndexOf(' [[New')),
    },
  ];
  const rows: SaveRow[] = [];
  const times = kinds.map(() => [] as number[]);
  const work = kinds.map(() => [] as number[]);
  const current = kinds.map((kind) => kind.note);
  for (let n = 1; n <= s.saves + 20; n += 1) {
    for (const [index, kind] of kinds.entries()) {
      const note = current[index] as (typeof current)[number];
      const body = kind.next(note.body, n);
      const begin = performance.now();
      const saved = await notes.update(caller, note.id, { body, base: note.revision });
      const took = performance.now() - begin;
      // The link work by itself, on the same two texts, repeated so the clock can see it.
      const workBegin = performance.now();
      for (let k = 0; k < WORK_REPEATS; k += 1) linkChange(note.body, body);
      const workTook = (performance.now() - workBegin) / WORK_REPEATS;
      if (n > 20) {
        (times[index] as number[]).push(took);
        (work[index] as number[]).push(workTook);
      }
      current[index] = saved.note;
    }
  }
  for (const [index, kind] of kinds.entries()) {
    rows.push({
      kind: kind.kind,
      save: summarize(times[index] as number[]),
      linkWorkMs: summarize(work[index] as number[]).p50,
      meanMs: mean(times[index] as number[]),
    });
  }
  const [plainRow, linkedRow, toggledRow] = rows as [SaveRow, SaveRow, SaveRow];
  const indexWrite = toggledRow.save.p50 - linkedRow.save.p50;
  const lines = [
    `${label} [${loadAverage()}]: backlinks of a note linked from ${answered} notes ` +
      `(${s.others} others; ${Math.round(bytes / 1024)} KiB of JSON): p50 ${ms(backlinks.p50)} ms, p95 ${ms(backlinks.p95)} ms, ` +
      `max ${ms(backlinks.max)} ms → ${backlinks.p95 <= BACKLINKS_P95_BAR_MS ? 'PASS' : 'FAIL'} (≤ ${BACKLINKS_P95_BAR_MS} ms)`,
    formatTable(
      ['save', 'samples', 'mean ms', 'p50 ms', 'p95 ms', 'link work ms', 'share of p50'],
      rows.map((row) => [
        row.kind,
        String(row.save.count),
        ms(row.meanMs),
        ms(row.save.p50),
        ms(row.save.p95),
        ms(row.linkWorkMs),
        `${((row.linkWorkMs / row.save.p50) * 100).toFixed(1)} %`,
      ]),
    ),
    `link work in the update scenario: ${((plainRow.linkWorkMs / plainRow.save.p50) * 100).toFixed(1)} % ` +
      `of a median save → ${plainRow.linkWorkMs / plainRow.save.p50 <= SAVE_SHARE_BAR ? 'PASS' : 'FAIL'} (≤ 10 %); ` +
      `a save that changes the index takes ${ms(indexWrite)} ms (median) more than one that ` +
      `does not (${((indexWrite / linkedRow.save.p50) * 100).toFixed(0)} %)`,
  ];
  for (const line of lines) print(line);
  return lines;
}

/** Section 6: links, on SQLite (a file in `sqliteFile`) and on PostgreSQL when given. */
export async function linksSection(
  s: LinksSettings,
  sqliteFile: string,
  postgresUrl?: string,
): Promise<void> {
  print(`6. Links — backlinks and saves, server time in process`);
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
  const scratch = await createScratchDatabase(postgresUrl);
  if ('skipped' in scratch) {
    print(`PostgreSQL: skipped (${scratch.skipped})`);
    return;
  }
  try {
    const postgres = await openDatabase({ kind: 'postgres', url: scratch.url });
    try {
      await runOn('PostgreSQL', postgres, s);
    } finally {
      await postgres.close();
    }
  } finally {
    await scratch.drop();
  }
}
