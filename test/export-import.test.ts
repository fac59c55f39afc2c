import { unzipSync, zipSync } from 'fflate';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NoteService } from '../src/server/notes/note-service.js';
import type { Note } from '../src/shared/note.js';
import { linkIndex, resolveLink, wikiLinks } from '../src/shared/wiki-links.js';
import { call, listNotes, signUp } from './helpers/api-client.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { exportZip, importFile, zipTexts } from './helpers/transfer-client.js';

let server: TestServer;
let token: string;

beforeEach(async () => {
  server = await startTestServer();
  token = await signUp(server.url);
});
afterEach(async () => server.close());

const MIB = 1024 * 1024;
const ODD_BODIES = [
  '# Groceries\n- milk\n- 🥚 eggs #shopping #home',
  'Zero\u0000width and NUL\u0000 kept',
  'שלום עולם — RTL and e\u0301 combining',
  `${'long line '.repeat(MIB / 10).slice(0, MIB)}`,
  '',
  'CON',
  'a/b\\c:d*e?f"g<h>i|j',
  '# Groceries\nsame title, another note',
];

/** Notes with old times, written the way an import writes them. */
async function seed(bodies: string[]): Promise<Note[]> {
  const user = await server.database.db.selectFrom('users').select('id').executeTakeFirstOrThrow();
  const notes = new NoteService(
    server.database.db,
    server.bus,
    server.app.log,
    () => 1_700_000_000,
  );
  await notes.importNotes(
    { userId: user.id, sessionId: 'seed' },
    bodies.map((body, i) => ({
      sourceKey: `seed:${i}`,
      body,
      timeCreated: 1_500_000_000 + i,
      timeLastModified: 1_600_000_000 + i * 7,
    })),
  );
  return listNotes(server.url, token);
}

describe('export', () => {
  it('zips one Markdown file per note, named from its title, with front matter and notes.json', async () => {
    const notes = await seed(ODD_BODIES);
    const response = await exportZip(server.url, token);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="quire-notes-\d{4}-\d\d-\d\d\.zip"$/,
    );
    const files = zipTexts(response.data);
    const names = Object.keys(files).sort();
    expect(names).toEqual(
      [
        'CON_.md',
        'Groceries (2).md',
        'Groceries.md',
        'Untitled.md',
        'Zero width and NUL kept.md',
        'a b c d e f g h i j.md',
        'long line long line long line long line long line long line long line long line.md',
        'notes.json',
        'שלום עולם — RTL and é combining.md',
      ].sort(),
    );
    const groceries = notes.find((n) => n.body.startsWith('# Groceries\n-')) as Note;
    expect(files['Groceries.md']).toBe(
      [
        '---',
        `id: "${groceries.id}"`,
        `created: ${new Date(groceries.timeCreated * 1000).toISOString()}`,
        `modified: ${new Date(groceries.timeLastModified * 1000).toISOString()}`,
        'tags: ["shopping", "home"]',
        '---',
        groceries.body,
      ].join('\n'),
    );
    const json = JSON.parse(files['notes.json'] as string);
    expect(json.format).toBe('quire-notes');
    const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);
    expect(json.notes.sort(byId)).toEqual(
      notes.map(({ revision: _r, ...note }) => note).sort(byId),
    );
  });

  it('leaves the trash out, and answers 401 without a session', async () => {
    const [note] = await seed(['kept', 'thrown away']);
    const thrown = (await listNotes(server.url, token)).find(
      (n) => n.body === 'thrown away',
    ) as Note;
    await call(server.url, 'DELETE', `/api/notes/${thrown.id}`, { token });
    const files = zipTexts((await exportZip(server.url, token)).data);
    expect(Object.keys(files).sort()).toEqual(['kept.md', 'notes.json']);
    expect(note).toBeDefined();
    expect((await fetch(`${server.url}/api/export`)).status).toBe(401);
  });
});

describe('export, then import into another account', () => {
  it('gives exactly the same bodies and times, and a second import adds nothing', async () => {
    const before = await seed(ODD_BODIES);
    const zip = (await exportZip(server.url, token)).data;
    const other = await signUp(server.url);
    const first = await importFile(server.url, other, zip, 'quire-notes.zip');
    expect(first).toEqual({
      status: 200,
      json: { imported: ODD_BODIES.length, skipped: 0, failed: [] },
    });
    const strip = (notes: Note[]) =>
      notes.map(({ body, timeCreated, timeLastModified }) => ({
        body,
        timeCreated,
        timeLastModified,
      }));
    const after = await listNotes(server.url, other);
    expect(strip(after)).toEqual(strip(before));
    expect(after.every((n) => n.revision === 1 && !before.some((b) => b.id === n.id))).toBe(true);

    const again = await importFile(server.url, other, zip, 'quire-notes.zip');
    expect(again.json).toEqual({ imported: 0, skipped: ODD_BODIES.length, failed: [] });
    expect(await listNotes(server.url, other)).toHaveLength(ODD_BODIES.length);
  });

  it('brings back a single exported Markdown file with its times', async () => {
    const [note] = await seed(['# Plan\nstep one #work']);
    const files = zipTexts((await exportZip(server.url, token)).data);
    const other = await signUp(server.url);
    const result = await importFile(server.url, other, files['Plan.md'] as string, 'Plan.md');
    expect(result.json).toEqual({ imported: 1, skipped: 0, failed: [] });
    const [copy] = await listNotes(server.url, other);
    expect(copy).toMatchObject({
      body: note?.body,
      timeCreated: note?.timeCreated,
      timeLastModified: note?.timeLastModified,
    });
  });

  it('refuses an import without a session', async () => {
    const zip = zipSync({ 'a.md': new TextEncoder().encode('alpha') });
    expect(
      (await fetch(`${server.url}/api/import`, { method: 'POST', body: Buffer.from(zip) })).status,
    ).toBe(401);
  });
});

const LINKED_BODIES = [
  'Health\n\n---\naliases: [fitness]\n\n---\n\nrun daily',
  '# Groceries\nolder list',
  '# Groceries\nnewer list',
  'Trip: Lisbon?\nday 1',
  'Index\n[[Trip: Lisbon?#Day 1|trip]] [[fitness]] [[groceries]] [[Nowhere]] ![[Health]] `[[fitness]]`\nAs written: [[Health|fitness]]',
];

/** Where each note's links lead, by Quire's rules: the bodies of the notes they find. */
function linkGraph(notes: Note[]): Record<string, (string | null)[]> {
  const index = linkIndex(notes);
  return Object.fromEntries(
    notes.map((note) => [
      note.body,
      wikiLinks(note.body).map((link) => resolveLink(index, link.target)?.body ?? null),
    ]),
  );
}

describe('export as a vault', () => {
  it('names files by title and makes links name them, for Obsidian; both imports give the same graph', async () => {
    const before = await seed(LINKED_BODIES);
    const zip = (await exportZip(server.url, token)).data;
    const files = zipTexts(zip);
    expect(Object.keys(files).sort()).toEqual(
      [
        'Groceries (2).md',
        'Groceries.md',
        'Health.md',
        'Index.md',
        'Trip Lisbon.md',
        'notes.json',
      ].sort(),
    );
    const [, indexFront, indexText] = files['Index.md']?.split('---\n') ?? [];
    expect(indexText).toBe(
      'Index\n[[Trip Lisbon#Day 1|trip]] [[Health|fitness]] [[Groceries (2)|groceries]] [[Nowhere]] ![[Health]] `[[fitness]]`\nAs written: [[Health|fitness]]',
    );
    // What the note wrote is kept beside, so an import writes it back.
    expect(indexFront).toContain(
      '\nquire-links-written: {"Trip Lisbon#Day 1|trip": ["Trip: Lisbon?#Day 1|trip"], "Health|fitness": ["fitness", "Health|fitness"], "Groceries (2)|groceries": ["groceries"]}\n',
    );
    expect(files['Health.md']).toMatch(/\ntags: \[\]\naliases: \["fitness"\]\n---\nHealth\n/);

    const strip = (notes: Note[]) =>
      notes
        .map(({ body, timeCreated, timeLastModified }) => ({ body, timeCreated, timeLastModified }))
        .sort((a, b) => a.body.localeCompare(b.body));
    // Quire's zip comes back exactly, links and all.
    const exact = await signUp(server.url);
    expect((await importFile(server.url, exact, zip, 'quire.zip')).json.imported).toBe(5);
    expect(strip(await listNotes(server.url, exact))).toEqual(strip(before));

    // Its Markdown files alone, as a vault Obsidian gives back, come back the same too: the
    // links the export rewrote as they were, the ones the note wrote so as they are.
    const { 'notes.json': _json, ...markdown } = unzipSync(zip);
    const vault = await signUp(server.url);
    const result = await importFile(server.url, vault, zipSync(markdown), 'vault.zip');
    expect(result.json).toEqual({ imported: 5, skipped: 0, failed: [] });
    const after = await listNotes(server.url, vault);
    expect(strip(after)).toEqual(strip(before));
    expect(linkGraph(after)).toEqual(linkGraph(before));
  });

  it('makes a name shared within one second lead to the note the app links it to', async () => {
    const user = await server.database.db
      .selectFrom('users')
      .select('id')
      .executeTakeFirstOrThrow();
    const notes = new NoteService(server.database.db, server.bus, server.app.log, () => 1);
    // All modified in the same second: the later change leads, as in the list.
    await notes.importNotes(
      { userId: user.id, sessionId: 'seed' },
      ['Topic\nfirst', 'Topic\nsecond', 'Index\n[[Topic]]'].map((body, i) => ({
        sourceKey: `seed:${i}`,
        body,
        timeCreated: 1_600_000_000,
        timeLastModified: 1_600_000_000,
      })),
    );
    const listed = await listNotes(server.url, token);
    const backlinked = async (note: Note) =>
      (await call(server.url, 'GET', `/api/notes/${note.id}/backlinks`, { token })).json.results
        .length > 0;
    const topics = listed.filter((note) => note.body.startsWith('Topic'));
    const linked = [];
    for (const topic of topics) if (await backlinked(topic)) linked.push(topic.body);
    expect(linked).toEqual([topics[0]?.body]);

    const files = zipTexts((await exportZip(server.url, token)).data);
    const fileOf = (body: string) =>
      Object.keys(files).find((name) => files[name]?.endsWith(`---\n${body}`));
    const target = fileOf(linked[0] as string)?.replace(/\.md$/, '') as string;
    const [, , indexText] = files['Index.md']?.split('---\n') ?? [];
    expect(indexText).toBe(target === 'Topic' ? 'Index\n[[Topic]]' : `Index\n[[${target}|Topic]]`);
  });
});

const COUNT = 10_000;

describe('a large import', () => {
  it('takes 10,000 Markdown files in one file, and exports them all again', async () => {
    const files: Record<string, Uint8Array> = {};
    for (let i = 0; i < COUNT; i++) {
      files[`notes/note ${i}.md`] = new TextEncoder().encode(
        `Note ${i}\n\n${'words and more words '.repeat(20)}#n${i % 50}`,
      );
    }
    const result = await importFile(server.url, token, zipSync(files), 'many.zip');
    expect(result.json).toEqual({ imported: COUNT, skipped: 0, failed: [] });
    expect(await listNotes(server.url, token)).toHaveLength(COUNT);
    const exported = zipTexts((await exportZip(server.url, token)).data);
    expect(Object.keys(exported)).toHaveLength(COUNT + 1);
    expect(JSON.parse(exported['notes.json'] as string).notes).toHaveLength(COUNT);
  });
});
