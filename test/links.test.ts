import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Backlink } from '../src/shared/backlinks.js';
import type { Note } from '../src/shared/note.js';
import type { SearchResult } from '../src/shared/search.js';
import { call, createNote, signUp, updateNote } from './helpers/api-client.js';
import { runCli } from './helpers/server-process.js';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { importFile } from './helpers/transfer-client.js';

let database: TestDatabase;
let server: TestServer;
beforeAll(async () => {
  database = await createTestDatabase();
  server = await startTestServer({ database });
});
afterAll(async () => {
  await server.close();
  await database.drop();
});

const titleOf = (note: Note) => note.body.split('\n')[0] ?? '';

async function backlinks(token: string, note: Pick<Note, 'id'>): Promise<Backlink[]> {
  const response = await call(server.url, 'GET', `/api/notes/${note.id}/backlinks`, { token });
  expect(response.status, response.text).toBe(200);
  expect(response.headers.get('cache-control')).toBe('no-store');
  return response.json.results as Backlink[];
}

/** The titles of the notes linking to `note`, in the order answered. */
const linkingTitles = async (token: string, note: Pick<Note, 'id'>) =>
  (await backlinks(token, note)).map((link) => titleOf(link.note));

async function found(token: string, q: string): Promise<string[]> {
  const response = await call(server.url, 'GET', `/api/search?q=${encodeURIComponent(q)}`, {
    token,
  });
  expect(response.status, response.text).toBe(200);
  return (response.json.results as SearchResult[]).map((result) => titleOf(result.note)).sort();
}

const save = (token: string, note: Note, body: string) =>
  updateNote(server.url, token, { ...note, body });

describe('a link leads to the note it names', () => {
  it('by title, whatever the case, spaces or accents, with a heading or shown text', async () => {
    const token = await signUp(server.url);
    const lisbon = await createNote(server.url, token, '# Lisbon   Trip\nflights');
    await createNote(server.url, token, 'By title\nsee [[lisbon trip]] first');
    await createNote(server.url, token, 'By accent\nsee [[LISBÓN TRIP]]');
    await createNote(server.url, token, 'Heading\nsee [[Lisbon trip#Day 1]]');
    await createNote(server.url, token, 'Shown\nsee [[Lisbon trip|the trip]]');
    await createNote(server.url, token, 'Elsewhere\nsee [[Porto]] and [[Lisbon]]');
    expect((await linkingTitles(token, lisbon)).sort()).toEqual([
      'By accent',
      'By title',
      'Heading',
      'Shown',
    ]);
  });

  it('by an alias its front matter gives', async () => {
    const token = await signUp(server.url);
    const city = await createNote(
      server.url,
      token,
      '---\naliases: [Lisboa, "Capital, Portugal"]\n---\nthe city',
    );
    await createNote(server.url, token, 'By alias\nsee [[lisboa]]');
    await createNote(server.url, token, 'Quoted alias\nsee [[Capital, Portugal]]');
    await createNote(server.url, token, 'Not an alias\nsee [[Capital]]');
    expect((await linkingTitles(token, city)).sort()).toEqual(['By alias', 'Quoted alias']);
  });

  it('not from code spans or code blocks', async () => {
    const token = await signUp(server.url);
    const target = await createNote(server.url, token, 'Target\n');
    await createNote(server.url, token, 'Span\nwrite `[[Target]]` for a link');
    await createNote(server.url, token, 'Fenced\n```\n[[Target]]\n```');
    await createNote(server.url, token, 'Indented\n\n    [[Target]]');
    await createNote(server.url, token, 'Real\n```\ncode\n```\nthen [[Target]]');
    expect(await linkingTitles(token, target)).toEqual(['Real']);
  });

  it('answers each linking note once, newest first, with the line and offset of its first link', async () => {
    const token = await signUp(server.url);
    const target = await createNote(server.url, token, 'Garden');
    const older = await createNote(
      server.url,
      token,
      'Older\nfirst line\n  plant [[Garden]] beds\n[[garden]]',
    );
    await createNote(server.url, token, 'Newer\n[[Garden#Beds|beds]] too');
    const links = await backlinks(token, target);
    expect(links.map((link) => titleOf(link.note))).toEqual(['Newer', 'Older']);
    const [newer, old] = links as [Backlink, Backlink];
    expect(old.note).toEqual(older);
    expect(old.snippet).toBe('plant [[Garden]] beds');
    expect(older.body.slice(old.at, old.at + 10)).toBe('[[Garden]]');
    expect(newer.snippet).toBe('[[Garden#Beds|beds]] too');
    expect(newer.at).toBe('Newer\n'.length);
  });

  it('to the most recently modified of the notes sharing a name', async () => {
    const token = await signUp(server.url);
    const first = await createNote(server.url, token, 'Paris\nthe first');
    const second = await createNote(server.url, token, 'Paris\nthe second');
    await createNote(server.url, token, 'Linker\n[[Paris]]');
    expect(await linkingTitles(token, second)).toEqual(['Linker']);
    expect(await linkingTitles(token, first)).toEqual([]);
    await save(token, first, 'Paris\nthe first, edited');
    expect(await linkingTitles(token, first)).toEqual(['Linker']);
    expect(await linkingTitles(token, second)).toEqual([]);
  });

  it('never to another account', async () => {
    const token = await signUp(server.url);
    const otherToken = await signUp(server.url);
    const mine = await createNote(server.url, token, 'Shared name');
    const theirs = await createNote(server.url, otherToken, 'Shared name');
    await createNote(server.url, otherToken, 'Their linker\n[[Shared name]]');
    expect(await linkingTitles(token, mine)).toEqual([]);
    expect(await linkingTitles(otherToken, theirs)).toEqual(['Their linker']);
    const response = await call(server.url, 'GET', `/api/notes/${theirs.id}/backlinks`, { token });
    expect(response.status).toBe(404);
    expect(response.json).toEqual({ error: 'No such note', code: 'not_found' });
    expect(await found(token, 'links:"Shared name"')).toEqual([]);
  });
});

describe('the link index follows every write', () => {
  it('a link to a missing note leads to it once it is written, and a retitled one no more', async () => {
    const token = await signUp(server.url);
    await createNote(server.url, token, 'Plan\nbook [[Hotel]] soon');
    const hotel = await createNote(server.url, token, '');
    expect(await linkingTitles(token, hotel)).toEqual([]);
    const named = await save(token, hotel, 'Hotel\nby the sea');
    expect(await linkingTitles(token, named)).toEqual(['Plan']);
    await save(token, named, 'Guest house\nby the sea');
    expect(await linkingTitles(token, hotel)).toEqual([]);
  });

  it('a link edited away no longer counts, and one added does', async () => {
    const token = await signUp(server.url);
    const target = await createNote(server.url, token, 'Budget');
    const linker = await createNote(server.url, token, 'Notes\nsee [[Budget]]');
    expect(await linkingTitles(token, target)).toEqual(['Notes']);
    const edited = await save(token, linker, 'Notes\nsee the budget');
    expect(await linkingTitles(token, target)).toEqual([]);
    await save(token, edited, 'Notes\nsee `code` and [[budget]]');
    expect(await linkingTitles(token, target)).toEqual(['Notes']);
  });

  it('a note in the trash neither links nor is linked, until it is restored', async () => {
    const token = await signUp(server.url);
    const target = await createNote(server.url, token, 'Recipes');
    const linker = await createNote(server.url, token, 'Menu\n[[Recipes]]');
    expect((await call(server.url, 'DELETE', `/api/notes/${linker.id}`, { token })).status).toBe(
      204,
    );
    expect(await linkingTitles(token, target)).toEqual([]);
    await call(server.url, 'POST', `/api/trash/${linker.id}/restore`, { token });
    expect(await linkingTitles(token, target)).toEqual(['Menu']);

    expect((await call(server.url, 'DELETE', `/api/notes/${target.id}`, { token })).status).toBe(
      204,
    );
    expect(await backlinks(token, target)).toEqual([]);
    // With the note gone, its name is unresolved again: the search finds what still names it.
    expect(await found(token, 'links:Recipes')).toEqual(['Menu']);
    await call(server.url, 'POST', `/api/trash/${target.id}/restore`, { token });
    expect(await linkingTitles(token, target)).toEqual(['Menu']);
  });

  it('imported notes link and are linked', async () => {
    const token = await signUp(server.url);
    const result = await importFile(
      server.url,
      token,
      'Imported\nlinks to [[Atlas]]',
      'imported.md',
    );
    expect(result.status).toBe(200);
    const atlas = await createNote(server.url, token, 'Atlas');
    expect((await backlinks(token, atlas)).map((link) => link.snippet)).toEqual([
      'links to [[Atlas]]',
    ]);
  });

  it('answers 404 for an unknown note and 401 without a session', async () => {
    const token = await signUp(server.url);
    const unknown = await call(server.url, 'GET', '/api/notes/nope/backlinks', { token });
    expect(unknown.status).toBe(404);
    expect(unknown.json.code).toBe('not_found');
    const anonymous = await call(server.url, 'GET', '/api/notes/nope/backlinks');
    expect(anonymous.status).toBe(401);
    expect(anonymous.json.code).toBe('unauthorized');
  });
});

describe('links: in a search', () => {
  let token: string;
  beforeAll(async () => {
    token = await signUp(server.url);
    // Two notes go by "Lisbon trip": the later one, which is also "LX", wins the name.
    await createNote(server.url, token, 'Lisbon trip\nthe first plan');
    await createNote(server.url, token, '---\naliases: [LX, Lisbon trip]\n---\nthe real one');
    await createNote(server.url, token, 'Packing\nfor [[Lisbon trip]]: shoes #travel');
    await createNote(server.url, token, 'Flights\nfor [[LX]] and [[Madrid]]');
    await createNote(server.url, token, 'Food\npasteis, shoes, no link');
    await createNote(server.url, token, 'Wishes\n[[Tokyo]] one day');
  });

  it('finds the notes linking to the note of that name, quoted or not', async () => {
    expect(await found(token, 'links:"Lisbon trip"')).toEqual(['Flights', 'Packing']);
    expect(await found(token, 'LINKS:lx')).toEqual(['Flights', 'Packing']);
    expect(await found(token, 'links:"Lisbon trip#Day 1"')).toEqual(['Flights', 'Packing']);
  });

  it('finds links to a name no note has yet', async () => {
    expect(await found(token, 'links:Tokyo')).toEqual(['Wishes']);
    expect(await found(token, 'links:Madrid')).toEqual(['Flights']);
    expect(await found(token, 'links:Nowhere')).toEqual([]);
  });

  it('combines with words, tags and exclusions', async () => {
    expect(await found(token, 'shoes links:"Lisbon trip"')).toEqual(['Packing']);
    expect(await found(token, 'tag:travel links:LX')).toEqual(['Packing']);
    expect(await found(token, 'shoes -links:"Lisbon trip"')).toEqual(['Food']);
    expect(await found(token, 'for -links:Madrid')).toEqual(['Packing']);
    expect(await found(token, 'links:"Lisbon trip" -links:Madrid')).toEqual(['Packing']);
  });
});

it('quire reindex rebuilds the link index from the notes', async () => {
  const token = await signUp(server.url);
  const target = await createNote(server.url, token, 'Lighthouse');
  await createNote(server.url, token, 'Keeper\n[[Lighthouse]] and [[Harbour]]');
  await server.database.db.deleteFrom('note_links').execute();
  await server.database.db.deleteFrom('note_link_names').execute();
  expect(await linkingTitles(token, target)).toEqual([]);

  const result = await runCli(['reindex'], { DATABASE_URL: database.url });
  expect(result.code).toBe(0);
  expect(result.stdout).toMatch(
    /^Search index rebuilt: \d+ notes\nLink index rebuilt: \d+ links\n$/,
  );
  expect(await linkingTitles(token, target)).toEqual(['Keeper']);
  expect(await found(token, 'links:Harbour')).toEqual(['Keeper']);
});
