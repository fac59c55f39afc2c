import { type Kysely, Migrator, sql } from 'kysely';
import { expect, it } from 'vitest';
import { rebuildAskedLinkIndex } from '../../links/link-index-rebuilds.js';
import { linkKeysOf } from '../../links/link-keys.js';
import { openDatabase } from '../../storage/open-database.js';
import type { Db } from '../schema.js';
import { migrations } from './index.js';

const upTo = (last: string) =>
  Object.fromEntries(Object.entries(migrations).filter(([name]) => name <= last));

// Bodies that exercise every rule of reading links and names; many more notes than one batch.
const BODIES = [
  '# Lisbon   Trip\nsee [[Porto]], [[porto#Day 1|day one]] and [[ÉVORA]]',
  '---\naliases: [Lisboa, "Capital, Portugal"]\n---\n[[Lisbon trip]]',
  "---\ntitle: x\naliases:\n  - Lisbon\n  - 'The trip'\n---\nbody",
  'Code\n`[[not a link]]` and ``[[nor `this`]]``\n```\n[[fenced]]\n```\n\n    [[indented]]\n- item\n    [[in a list]]',
  'Escaped \\[[no]] and [[]] and [[ # ]] and [[a\nb]]',
  '\n\n  ## Heading title  \ntext',
  `${'é'.repeat(120)}\n[[x]]`,
  'Diagram #real\n```mermaid\nstyle A fill:#c6dbef\n```\n[[#being unpleasant]] `#book`',
  '',
];

it('has the notes stored read again: links as Quire reads them, and only real tags searched', async () => {
  // The earlier migrations lean on the functions Quire gives each SQLite connection.
  const database = await openDatabase({ kind: 'sqlite', file: ':memory:' });
  // biome-ignore lint/suspicious/noExplicitAny: the schema as it was before this migration
  const db = database.db as unknown as Kysely<any>;
  const migrate = (last: string) =>
    new Migrator({ db, provider: { getMigrations: async () => upTo(last) } }).migrateToLatest();
  expect((await migrate('0025-attachments')).error).toBeUndefined();
  await db
    .insertInto('users')
    .values({ id: 'u', email: 'u@example.com', password_hash: 'x', time_created: 0 })
    .execute();
  const notes = Array.from({ length: 250 }, (_, index) => ({
    id: `n${String(index).padStart(3, '0')}`,
    user_id: 'u',
    body: BODIES[index % BODIES.length] as string,
    time_created: 1,
    time_last_modified: 1,
    change_seq: index + 1,
    time_deleted: index % 7 === 0 ? 5 : null,
  }));
  await db.insertInto('notes').values(notes).execute();

  expect((await migrate('0032-markdown-reader-index')).error).toBeUndefined();
  // The migration asks for the link index; Quire reads the notes after migrating.
  expect(await db.selectFrom('index_rebuilds').selectAll().execute()).toEqual([{ name: 'links' }]);
  await rebuildAskedLinkIndex(db as unknown as Db);
  expect(await db.selectFrom('index_rebuilds').selectAll().execute()).toEqual([]);
  const tagged = (tag: string) =>
    db
      .selectFrom('note_search')
      .select('rowid')
      .where(sql<boolean>`note_search match ${`"#${tag}"`}`)
      .execute();
  expect(await tagged('c6dbef')).toEqual([]);
  expect(await tagged('book')).toEqual([]);
  expect(await tagged('being')).toEqual([]);
  expect((await tagged('real')).length).toBeGreaterThan(10);
  const listed = notes.filter((note) => note.time_deleted === null);
  const links = await db
    .selectFrom('note_links')
    .select(['note_id', 'target_key', 'user_id'])
    .orderBy('note_id')
    .orderBy('target_key')
    .execute();
  const names = await db
    .selectFrom('note_link_names')
    .select(['note_id', 'name_key', 'user_id'])
    .orderBy('note_id')
    .orderBy('name_key')
    .execute();
  const byKey = (a: { key: string }, b: { key: string }) => (a.key < b.key ? -1 : 1);
  const expected = (pick: 'targets' | 'names') =>
    listed.flatMap((note) =>
      linkKeysOf(note.body)
        [pick].map((key) => ({ key }))
        .sort(byKey)
        .map(({ key }) => ({ note_id: note.id, key, user_id: 'u' })),
    );
  expect(links.map(({ target_key, ...row }) => ({ ...row, key: target_key }))).toEqual(
    expected('targets'),
  );
  expect(names.map(({ name_key, ...row }) => ({ ...row, key: name_key }))).toEqual(
    expected('names'),
  );
  expect(links.length).toBeGreaterThan(100);
  await database.close();
});
