/**
 * The yardstick for a share page: plain `node:http` sending STATIC_DIR/page.html from memory, as
 * tightly as the stack serves a static file (no framework, no streams, no disk read per request).
 * The file is read at the first request, as the bench writes it after this starts. Loopback only.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

const root = process.env.STATIC_DIR;
if (!root) throw new Error('STATIC_DIR names the folder to serve');
const FILE = '/page.html';
let page: Buffer | undefined;
const server = http.createServer((request, response) => {
  if (request.url !== FILE) {
    response.writeHead(404).end();
    return;
  }
  page ??= fs.readFileSync(path.join(root, FILE));
  response.writeHead(200, {
    'content-type': 'text/html; charset=utf-8',
    'content-length': page.length,
  });
  response.end(page);
});
server.keepAliveTimeout = 60_000;
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1');
