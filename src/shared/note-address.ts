/**
 * The address of a note in the web app: `/notes/{id}`. The server answers it with the app's
 * page, and the app opens the note it names, so a reload, a bookmark or a link reopens it.
 */

export const NOTE_ADDRESS_PREFIX = '/notes/';

export const noteAddress = (id: string): string =>
  `${NOTE_ADDRESS_PREFIX}${encodeURIComponent(id)}`;

/** The note id a path names; null for any other path. */
export function noteIdAt(pathname: string): string | null {
  if (!pathname.startsWith(NOTE_ADDRESS_PREFIX)) return null;
  const rest = pathname.slice(NOTE_ADDRESS_PREFIX.length);
  if (rest === '' || rest.includes('/')) return null;
  try {
    return decodeURIComponent(rest);
  } catch {
    return null;
  }
}
