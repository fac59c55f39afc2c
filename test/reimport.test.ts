import fs from 'node:fs';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noteTags } from '../src/shared/note-tags.js';
import { call, listNotes, signUp } from './helpers/api-client.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { exportZip, importFile, zipTexts } from './helpers/transfer-client.js';

// A real Obsidian vault (the Obsidian Help vault), through the real routes and database.
const VAULT = fs.readFileSync('test/fixtures/obsidian-help-vault.zip');

let server: TestServer;
let token: string;
let exported: Uint8Array;

beforeAll(async () => {
  server = await startTestServer();
  token = await signUp(server.url);
  const first = await importFile(server.url, token, VAULT, 'obsidian-help-vault.zip');
  expect(first.status, JSON.stringify(first.json)).toBe(200);
  expect(first.json.imported).toBeGreaterThan(100);
  exported = (await exportZip(server.url, token)).data;
}, 300_000);
afterAll(async () => server?.close());

const markdownFiles = (zip: Uint8Array) =>
  Object.fromEntries(Object.entries(zipTexts(zip)).filter(([name]) => name.endsWith('.md')));

describe('a real vault', () => {
  it('gives tags only where the notes write #tags: none from code, colours or links', async () => {
    const tags = new Set(
      (await listNotes(server.url, token)).flatMap((note) => noteTags(note.body)),
    );
    expect(tags.size).toBeGreaterThan(0);
    const colours = [...tags].filter((tag) => /^[0-9a-f]{3,8}$/i.test(tag) && /\d/.test(tag));
    expect(colours).toEqual([]);
    // Words of `[[#heading links]]` and of inline code in the vault.
    for (const word of ['being', 'book', 'page']) expect(tags.has(word)).toBe(false);
  });

  it('comes back as nothing new from its own export, the whole zip or its Markdown files', async () => {
    const notes = await listNotes(server.url, token);
    const usage = () => call(server.url, 'GET', '/api/attachments/usage', { token });
    const held = (await usage()).json.used;
    expect(held).toBeGreaterThan(0);
    const again = await importFile(server.url, token, exported, 'quire-notes.zip');
    expect(again.json).toEqual({ imported: 0, skipped: notes.length, failed: [] });
    // The pictures it brings are the ones the account holds already.
    expect((await usage()).json.used).toBe(held);
    const files = Object.fromEntries(
      Object.entries(markdownFiles(exported)).map(([name, text]) => [
        name,
        new TextEncoder().encode(text),
      ]),
    );
    const loose = await importFile(server.url, token, zipSync(files), 'markdown.zip');
    expect(loose.json).toMatchObject({ imported: 0, skipped: notes.length });
    expect(await listNotes(server.url, token)).toHaveLength(notes.length);
  });

  it('into a new server gives the same notes, and its export the same Markdown files', async () => {
    const other = await startTestServer();
    try {
      const otherToken = await signUp(other.url);
      const result = await importFile(other.url, otherToken, exported, 'quire-notes.zip');
      expect(result.json.imported).toBe((await listNotes(server.url, token)).length);
      // Attachments are stored anew, under ids of their own on this server.
      const strip = (notes: { id: string; body: string; timeCreated: number }[]) =>
        notes.map(({ id, body, timeCreated }) => ({
          id,
          body: body.replace(/\/api\/attachments\/[\w-]{22}/g, 'ATTACHMENT'),
          timeCreated,
        }));
      expect(strip(await listNotes(other.url, otherToken))).toEqual(
        strip(await listNotes(server.url, token)),
      );
      const again = markdownFiles((await exportZip(other.url, otherToken)).data);
      expect(again).toEqual(markdownFiles(exported));
    } finally {
      await other.close();
    }
  }, 300_000);
});
