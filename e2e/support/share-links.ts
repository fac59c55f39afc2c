import type { CreateShareResponse } from '../../src/shared/shares.js';
import type { ApiClient } from './api.js';

/** Makes a link to a note as the owner's other device would; the answer, path included. */
export async function shareNote(
  api: ApiClient,
  noteId: string,
  options: Record<string, unknown> = {},
): Promise<CreateShareResponse> {
  const response = await fetch(new URL(`/api/notes/${noteId}/shares`, api.baseUrl), {
    method: 'POST',
    headers: { token: api.token, 'content-type': 'application/json' },
    body: JSON.stringify(options),
  });
  if (response.status !== 201) throw new Error(`share answered ${response.status}`);
  return (await response.json()) as CreateShareResponse;
}
