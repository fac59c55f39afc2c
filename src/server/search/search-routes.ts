import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import {
  SEARCH_LIMIT_DEFAULT,
  SEARCH_LIMIT_MAX,
  SearchParams,
  type SearchResponse,
} from '../../shared/search.js';
import type { Database } from '../db/database.js';
import { invalidInput } from '../domain-errors.js';
import { searchEngineFor, searchNotes } from './search-notes.js';

export interface SearchRoutesOptions {
  database: Database;
  authenticated: preHandlerAsyncHookHandler;
}

function limitOf(text: string | undefined): number {
  const limit = text === undefined ? SEARCH_LIMIT_DEFAULT : Number(text);
  if (limit < 1 || limit > SEARCH_LIMIT_MAX) {
    throw invalidInput(`limit must be between 1 and ${SEARCH_LIMIT_MAX}`);
  }
  return limit;
}

/** Full-text search over the caller's own notes, ranked by the database's index. */
export function registerSearchRoutes(app: FastifyInstance, options: SearchRoutesOptions): void {
  const { database, authenticated } = options;
  const search = searchEngineFor(database);
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.get(
    '/api/search',
    { schema: { querystring: SearchParams }, preHandler: authenticated },
    async (request): Promise<SearchResponse> => {
      const { q, trash } = request.query;
      if (!q.isWellFormed()) throw invalidInput('Search text is not well-formed Unicode text');
      return searchNotes(search, {
        userId: request.session.userId,
        text: q,
        limit: limitOf(request.query.limit),
        includeTrash: trash === 'true',
      });
    },
  );
}
