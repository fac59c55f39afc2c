import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { NOTE_ADDRESS_PREFIX } from '../../shared/note-address.js';

/** Where `vite build` puts the web client, from src/server/http or dist/server/http alike. */
export const WEB_CLIENT_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../dist/web',
);

const PLACEHOLDER = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Quire</title></head>
<body><h1>Quire</h1><p>The server is running, but the web client has not been built.
Run <code>npm run build</code>, then reload this page.</p></body></html>`;

/**
 * Serves the built client: hashed assets cached for a year, the page itself revalidated on
 * every load so a new release shows up at once.
 */
export async function registerStaticClient(app: FastifyInstance, root = WEB_CLIENT_DIR) {
  // A note's address is the app's page too: the app opens the note it names.
  const noteAddress = `${NOTE_ADDRESS_PREFIX}:id`;
  if (!fs.existsSync(path.join(root, 'index.html'))) {
    const placeholder = (_request: unknown, reply: FastifyReply) =>
      reply.type('text/html; charset=utf-8').send(PLACEHOLDER);
    app.get('/', placeholder);
    app.get(noteAddress, placeholder);
    return;
  }
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    cacheControl: false,
    setHeaders(response, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      response.setHeader(
        'cache-control',
        immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  app.get(noteAddress, (_request, reply) =>
    reply.header('cache-control', 'no-cache').sendFile('index.html'),
  );
}
