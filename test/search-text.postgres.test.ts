import type pg from 'pg';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { connectToServer } from './helpers/postgres-client.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

// The text PostgreSQL splits into words. Its index holds words made from this text, so it must
// stay the same from one version to the next, or notes indexed before would no longer match.
let server: TestServer;
let client: pg.Client;

beforeEach(async () => {
  server = await startTestServer();
  client = await connectToServer(server);
});
afterEach(async () => {
  await client.end();
  await server.close();
});

it('breaks words at every joining character, folds accents and marks tags, as before', async () => {
  const body =
    'Mail a@b.c/d:e_f-g+h=i~j\\k|l — Café Ünïcode ß #tag, x#y (#zwei) 😀 日本語 C++ -flag_';
  const { rows } = await client.query('select quire_search_text($1) as text', [body]);
  // What the function gave before it changed, byte for byte.
  expect(rows[0].text).toBe(
    'Mail a b c d e f g h i j k l   Cafe Unicode ss tag zztagtag, x#y (zwei zztagzwei) 😀 日本語 C    flag ',
  );
});
