import { afterEach, expect, it } from 'vitest';
import { call, createNote, signUp } from './helpers/api-client.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

it('logs requests by their path, without the query that holds search terms', async () => {
  const lines: string[] = [];
  server = await startTestServer({
    config: { logLevel: 'info' },
    app: { logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } } },
  });
  const token = await signUp(server.url);
  await createNote(server.url, token, 'a note about the surprise party');
  const search = await call(server.url, 'GET', '/api/search?q=surprise%20party', { token });
  expect(search.status).toBe(200);
  const upload = await call(server.url, 'POST', '/api/import?name=diagnosis-letter.md', {
    token,
    body: '# Letter\n',
    headers: { 'content-type': 'text/markdown' },
  });
  expect(upload.status).toBe(200);

  const logged = lines.map((line) => JSON.parse(line) as { req?: { url: string } });
  const urls = logged.flatMap((line) => (line.req ? [line.req.url] : []));
  expect(urls).toContain('/api/search');
  expect(urls).toContain('/api/import');
  expect(lines.join('\n')).not.toMatch(/surprise|diagnosis/);
});
