import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { SearchResponse } from '../../shared/search.js';
import { SEARCH_LIMIT_DEFAULT, SEARCH_LIMIT_MAX } from '../../shared/search-limits.js';
import type { Authenticated } from '../accounts/require-session.js';
import { invalidInput } from '../domain-errors.js';
import { SearchParams, SearchResponse as SearchResponseSchema } from '../http/schemas/search.js';
import type { Database } from '../storage/database.js';
import type { SearchIndex } from './search-index.js';
import { searchNotes } from './search-notes.js';

export interface SearchRoutesOptions {
  database: Database;
  index: SearchIndex;
  authenticated: Authenticated;
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
  const { database, index, authenticated } = options;
  const { search } = database;
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.get(
    '/api/search',
    {
      schema: { querystring: SearchParams, response: { 200: SearchResponseSchema } },
      preHandler: authenticated('notes:read'),
    },
    async (request): Promise<SearchResponse> => {
      const { q, trash } = request.query;
      if (!q.isWellFormed()) throw invalidInput('Search text is not well-formed Unicode text');
      const limit = limitOf(request.query.limit);
      // Saves are indexed after they are answered; this search must still find them.
      await index.upToDate(request.session.userId);
      return searchNotes(search, {
        userId: request.session.userId,
        text: q,
        limit,
        includeTrash: trash === 'true',
      });
    },
  );
}
