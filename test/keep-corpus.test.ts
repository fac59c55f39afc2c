import { readFileSync } from 'node:fs';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, listNotes, signUp } from './helpers/api-client.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { importFile } from './helpers/transfer-client.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

const keepNote = (name: string) =>
  new Uint8Array(readFileSync(new URL(`./fixtures/keep/${name}`, import.meta.url)));

describe('a Google Keep Takeout keeps how each note stood in Keep', () => {
  it('pinned, archived and colour are properties, and an archived note is tagged apart', async () => {
    const token = await signUp(server.url);
    const zip = zipSync({
      'Takeout/Keep/Pinned.json': keepNote('Pinned.json'),
      'Takeout/Keep/Archived.json': keepNote('Archived.json'),
      'Takeout/Keep/Plain.json': keepNote('Plain.json'),
    });
    const result = await importFile(server.url, token, zip, 'takeout.zip');
    expect(result.json).toEqual({ imported: 3, skipped: 0, failed: [] });
    const bodies = new Map(
      (await listNotes(server.url, token)).map((note) => [note.body.split('\n')[0], note.body]),
    );
    expect(bodies.get('House')).toBe(
      'House\n\n---\npinned: true\ncolor: "yellow"\n\n---\n\nDoor code 4412',
    );
    expect(bodies.get('Camping 2022')).toBe(
      'Camping 2022\n\n---\narchived: true\ncolor: "teal"\n\n---\n\n- [x] Tent\n- [ ] Stove\n\n#Trips #archived',
    );
    expect(bodies.get('Errands')).toBe('Errands\n\nBuy stamps');
    // The archived note is found by its tag, apart from the notes in use.
    const tagged = await call(server.url, 'GET', '/api/search?q=tag%3Aarchived', { token });
    expect(tagged.status).toBe(200);
    const titles = (tagged.json as { results: { note: { body: string } }[] }).results.map(
      (result) => result.note.body.split('\n')[0],
    );
    expect(titles).toEqual(['Camping 2022']);
  });
});
