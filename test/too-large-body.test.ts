import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { call, signUp } from './helpers/api-client.js';
import { type ServerProcess, spawnServer } from './helpers/server-process.js';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.js';

let server: ServerProcess | undefined;
let database: TestDatabase | undefined;
afterEach(async () => {
  server?.child.kill('SIGTERM');
  await server?.exited;
  await database?.drop();
});

const MIB = 1024 * 1024;

/**
 * Sends `mebibytes` of body as fast as the server takes it, as a plain Node client does, and
 * reports the answer or the error that came instead.
 */
function sendHuge(
  baseUrl: string,
  options: { mebibytes: number; chunked: boolean; token: string },
): Promise<{ status?: number; body?: string; error?: string }> {
  const url = new URL(`${baseUrl}/api/notes`);
  const headers: Record<string, string | number> = {
    'content-type': 'application/json',
    token: options.token,
  };
  if (!options.chunked) headers['content-length'] = options.mebibytes * MIB;
  return new Promise((resolve) => {
    const request = http.request(
      { hostname: url.hostname, port: url.port, path: url.pathname, method: 'PUT', headers },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => {
          body += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode, body }));
      },
    );
    request.on('error', (error) => resolve({ error: (error as NodeJS.ErrnoException).code }));
    const chunk = Buffer.alloc(MIB, 'a');
    let sent = 0;
    const write = () => {
      while (sent < options.mebibytes) {
        sent += 1;
        if (!request.write(chunk)) {
          request.once('drain', write);
          return;
        }
      }
      request.end();
    };
    write();
  });
}

describe('a request body over the limit', () => {
  it('gets its 413 even while the client goes on sending 64 MiB', async () => {
    database = await createTestDatabase();
    server = await spawnServer({ DATABASE_URL: database.url });
    const token = await signUp(server.url);
    for (const chunked of [false, true]) {
      for (let attempt = 0; attempt < 2; attempt += 1) {
        const answer = await sendHuge(server.url, { mebibytes: 64, chunked, token });
        expect(answer, `chunked: ${chunked}`).toEqual({
          status: 413,
          body: JSON.stringify({ error: 'Request body is too large', code: 'too_large' }),
        });
      }
    }
    // And the server goes on answering.
    expect((await call(server.url, 'GET', '/api/notes', { token })).status).toBe(200);
  });
});
