import type { SearchResponse } from '../../shared/search.js';
import { SessionExpiredError } from './api-errors.js';
import { apiRequest } from './http-client.js';
import { isNote } from './note-guard.js';

export type SearchCall = (
  token: string,
  text: string,
  signal: AbortSignal,
) => Promise<SearchResponse['results']>;

/** `GET /api/search?q=…`: matches best first; a refused query (400) counts as none. */
export const searchNotes: SearchCall = async (token, text, signal) => {
  const response = await apiRequest(`/api/search?q=${encodeURIComponent(text)}`, {
    token,
    signal,
  });
  if (response.status === 401) throw new SessionExpiredError();
  if (!response.ok) return [];
  const data = (await response.json()) as Partial<SearchResponse> | null;
  const results = Array.isArray(data?.results) ? data.results : [];
  return results.filter((result) => isNote(result?.note) && typeof result.snippet === 'string');
};
