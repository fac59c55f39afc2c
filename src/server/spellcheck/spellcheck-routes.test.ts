import { gunzipSync } from 'node:zlib';
import compress from '@fastify/compress';
import german from 'dictionary-de';
import dictionary from 'dictionary-en';
import british from 'dictionary-en-gb';
import spanish from 'dictionary-es';
import french from 'dictionary-fr';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DictionaryManifest, registerSpellcheckRoutes } from './spellcheck-routes.js';

// Compression is registered globally the way the application does, so the test sees what a
// browser would.
let app: FastifyInstance;
let manifest: DictionaryManifest;

beforeAll(async () => {
  app = Fastify();
  await app.register(compress, { threshold: 1024 });
  registerSpellcheckRoutes(app);
  await app.ready();
  manifest = (await app.inject('/dictionaries/en_US.json')).json();
});

afterAll(() => app.close());

describe('dictionary routes', () => {
  it('names content-versioned files in a revalidated manifest', async () => {
    const response = await app.inject('/dictionaries/en_US.json');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(manifest.aff).toMatch(/^\/dictionaries\/en_US-[0-9a-f]{12}\.aff$/);
    expect(manifest.dic).toBe(manifest.aff.replace(/\.aff$/, '.dic'));
  });

  it('serves the versioned files as immutable UTF-8 text, byte for byte', async () => {
    for (const [url, bytes] of [
      [manifest.aff, dictionary.aff],
      [manifest.dic, dictionary.dic],
    ] as const) {
      const response = await app.inject(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.rawPayload.equals(Buffer.from(bytes))).toBe(true);
    }
  });

  it('compresses the dictionary for clients that accept gzip', async () => {
    const response = await app.inject({
      url: manifest.dic,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.rawPayload.length).toBeLessThan(dictionary.dic.byteLength / 2);
    expect(gunzipSync(response.rawPayload).equals(Buffer.from(dictionary.dic))).toBe(true);
  });

  it('serves the plain names with an ETag and answers 304 when it matches', async () => {
    const first = await app.inject('/dictionaries/en_US.aff');
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await app.inject({
      url: '/dictionaries/en_US.aff',
      headers: { 'if-none-match': `W/"other", ${etag}` },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('serves every language of the choice from its own package, each versioned apart', async () => {
    const versions = new Set<string>();
    for (const [name, files] of [
      ['en_US', dictionary],
      ['en_GB', british],
      ['de', german],
      ['fr', french],
      ['es', spanish],
    ] as const) {
      const named: DictionaryManifest = (await app.inject(`/dictionaries/${name}.json`)).json();
      expect(named.aff, name).toMatch(new RegExp(`^/dictionaries/${name}-[0-9a-f]{12}\\.aff$`));
      versions.add(named.aff);
      const aff = await app.inject(named.aff);
      const dic = await app.inject(named.dic);
      expect(aff.rawPayload.equals(Buffer.from(files.aff)), name).toBe(true);
      expect(dic.rawPayload.equals(Buffer.from(files.dic)), name).toBe(true);
      expect(dic.headers['cache-control'], name).toBe('public, max-age=31536000, immutable');
    }
    expect(versions.size).toBe(5);
  });

  it('answers 404 JSON for anything else under /dictionaries', async () => {
    for (const url of [
      '/dictionaries/it.dic',
      '/dictionaries/de_DE.dic',
      '/dictionaries/en_US-000000000000.dic',
      '/dictionaries/',
      '/dictionaries/a/b',
      '/dictionaries/..%2Fpackage.json',
    ]) {
      const response = await app.inject(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({ error: expect.any(String), code: 'not_found' });
    }
  });
});
