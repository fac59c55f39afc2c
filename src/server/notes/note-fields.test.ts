import { afterEach, beforeEach, expect, it } from 'vitest';
import { NOTE_FIELDS } from '../../shared/note-fields.js';
import { isNote } from '../../web/api/note-guard.js';
import { migrateToLatest } from '../db/migrate.js';
import { NoteSchema } from '../http/schemas/note.js';
import type { Database } from '../storage/database.js';
import { openDatabase } from '../storage/open-database.js';
import { NOTE_COLUMN_OF } from './note-columns.js';
import { toNote } from './note-repository.js';

// A note's shape is written down once (NOTE_FIELD_TYPES); these are the places that read it,
// each checked against the API's schema, so a field added to one is missed by none.

const schemaFields = Object.keys(NoteSchema.properties).sort();
const note = { id: 'n1', body: 'text', timeCreated: 10, timeLastModified: 20, revision: 3 };

let database: Database;

beforeEach(async () => {
  database = await openDatabase({ kind: 'sqlite', file: ':memory:' });
  await migrateToLatest(database.db);
  await database.db
    .insertInto('users')
    .values({ id: 'u1', email: 'a@b.c', password_hash: 'x', time_created: 1, change_seq: 1 })
    .execute();
  await database.db
    .insertInto('notes')
    .values({
      id: note.id,
      user_id: 'u1',
      body: note.body,
      time_created: note.timeCreated,
      time_last_modified: note.timeLastModified,
      revision: note.revision,
      change_seq: 1,
    })
    .execute();
});

afterEach(async () => {
  await database.close();
});

it('names the schema’s fields, and stores each in a column', () => {
  expect([...NOTE_FIELDS].sort()).toEqual(schemaFields);
  expect(Object.keys(NOTE_COLUMN_OF).sort()).toEqual(schemaFields);
});

it('makes a note of exactly those fields from a row', () => {
  const row = Object.fromEntries(NOTE_FIELDS.map((field) => [NOTE_COLUMN_OF[field], note[field]]));
  expect(toNote(row as Parameters<typeof toNote>[0])).toStrictEqual(note);
});

it('serializes the SQLite list with exactly those fields', async () => {
  const read = await database.readList('u1');
  const parts: Buffer[] = [];
  for await (const chunk of read.chunks) parts.push(chunk);
  const { results } = JSON.parse(Buffer.concat(parts).toString());
  expect(results).toStrictEqual([note]);
  expect(Object.keys(results[0]).sort()).toEqual(schemaFields);
});

it('lets the client take a note only when it has every field, of its type', () => {
  expect(isNote(note)).toBe(true);
  for (const field of schemaFields) {
    const { [field as keyof typeof note]: _, ...without } = note;
    expect(isNote(without), `without ${field}`).toBe(false);
    expect(isNote({ ...note, [field]: true }), `${field} of another type`).toBe(false);
  }
});
