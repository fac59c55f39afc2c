import { afterAll, beforeAll, expect, it } from 'vitest';
import type { SearchResult } from '../src/shared/search.js';
import { call, createNote, signUp } from './helpers/api-client.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

// The search index holds as tags only what the Markdown reader reads as tags, on either
// database.
let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  token = await signUp(server.url);
  const bodies = [
    'Diagram\n```mermaid\ngraph TD; A-->B; style A fill:#c6dbef\n```\nUse `#book` and see [[#being unpleasant]]',
    'Real tags\nfiled under #camelCase and #errands',
    // Text PostgreSQL stores escaped (NUL and U+0001) is read as it was written.
    'Odd bytes \u0000\u0001\nand #zero',
  ];
  for (const body of bodies) await createNote(server.url, token, body);
});
afterAll(async () => server?.close());

async function found(q: string): Promise<string[]> {
  const response = await call(server.url, 'GET', `/api/search?q=${encodeURIComponent(q)}`, {
    token,
  });
  expect(response.status, response.text).toBe(200);
  return (response.json.results as SearchResult[]).map((hit) => hit.note.body.split('\n')[0] ?? '');
}

it('finds by tag: only the tags a note has, in any case, and no word of code or a link', async () => {
  expect(await found('tag:c6dbef')).toEqual([]);
  expect(await found('tag:book')).toEqual([]);
  expect(await found('tag:being')).toEqual([]);
  expect(await found('tag:camelcase')).toEqual(['Real tags']);
  expect(await found('tag:CamelCase')).toEqual(['Real tags']);
  expect(await found('tag:errands')).toEqual(['Real tags']);
  expect(await found('tag:zero')).toEqual(['Odd bytes \u0000\u0001']);
  // The words themselves are still found.
  expect(await found('c6dbef')).toEqual(['Diagram']);
});
