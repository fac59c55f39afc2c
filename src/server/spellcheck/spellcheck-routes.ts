import type { FastifyInstance } from 'fastify';
import { errorBody } from '../http/error-handler.js';
import {
  type DictionaryFile,
  type DictionaryFiles,
  loadDictionaryFiles,
} from './dictionary-files.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
const TEXT = 'text/plain; charset=utf-8';

interface Entry {
  body: Buffer | string;
  etag: string;
  contentType: string;
  cacheControl: string;
}

/** What the client fetches first: the content-versioned URLs of the current dictionary. */
export interface DictionaryManifest {
  aff: string;
  dic: string;
}

function fileEntry(file: DictionaryFile, cacheControl: string): Entry {
  return { body: file.body, etag: file.etag, contentType: TEXT, cacheControl };
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  return header?.split(',').some((candidate) => candidate.trim() === etag) ?? false;
}

function languageEntries(files: DictionaryFiles): [string, Entry][] {
  const { name, version } = files;
  const manifest: DictionaryManifest = {
    aff: `/dictionaries/${name}-${version}.aff`,
    dic: `/dictionaries/${name}-${version}.dic`,
  };
  return [
    [
      `${name}.json`,
      {
        body: JSON.stringify(manifest),
        etag: `W/"${version}"`,
        contentType: 'application/json; charset=utf-8',
        cacheControl: REVALIDATE,
      },
    ],
    [`${name}.aff`, fileEntry(files.aff, REVALIDATE)],
    [`${name}.dic`, fileEntry(files.dic, REVALIDATE)],
    [`${name}-${version}.aff`, fileEntry(files.aff, IMMUTABLE)],
    [`${name}-${version}.dic`, fileEntry(files.dic, IMMUTABLE)],
  ];
}

/**
 * Serves the spelling dictionaries from Quire's own origin, so spell checking needs no
 * internet. `{name}.json` names a language's content-versioned files, which are cached for a
 * year; the plain names stay available and revalidate by ETag. Bodies are text, so
 * compression applies.
 */
export function registerSpellcheckRoutes(app: FastifyInstance): void {
  const entries = new Map<string, Entry>(loadDictionaryFiles().flatMap(languageEntries));

  app.get<{ Params: { '*': string } }>('/dictionaries/*', async (request, reply) => {
    const found = entries.get(request.params['*']);
    if (!found) {
      return reply
        .code(404)
        .send(errorBody('not_found', `Not found: ${request.method} ${request.url}`));
    }
    reply.header('cache-control', found.cacheControl).header('etag', found.etag);
    if (matchesEtag(request.headers['if-none-match'], found.etag)) return reply.code(304).send();
    return reply.type(found.contentType).send(found.body);
  });
}
