import type { NoteId } from '../../shared/note.js';
import type { RenameLinksRequest, RenameLinksResponse } from '../../shared/rename-links-request.js';
import { NoteRequestError } from './api-errors.js';
import { isNote } from './note-guard.js';
import { notePath, noteRequest } from './note-request.js';

/**
 * `POST /api/notes/{id}/rename-links`: links to the note's old title name its new one; answers
 * the notes that changed, as now stored.
 */
export async function renameLinks(
  token: string,
  id: NoteId,
  request: RenameLinksRequest,
): Promise<RenameLinksResponse> {
  const response = await noteRequest(notePath(id, '/rename-links'), token, 'POST', request);
  const data = (await response.json().catch(() => null)) as Partial<RenameLinksResponse> | null;
  if (!Array.isArray(data?.results)) throw new NoteRequestError(response.status);
  const results = data.results.filter(isNote);
  return { count: results.length, results };
}
