import type { Presence } from './live-bus.js';

/** The PostgreSQL channel that carries windows' presence to every instance. */
export const PRESENCE_CHANNEL = 'quire_presence';

/** Reads a notification payload back; undefined for anything malformed. */
export function parsePresence(payload: string | undefined): Presence | undefined {
  try {
    const { userId, origin, noteId, state } = JSON.parse(payload ?? '') as Partial<
      Record<keyof Presence, unknown>
    >;
    const fields = [userId, origin, noteId, state];
    if (!fields.every((field) => typeof field === 'string')) return undefined;
    return { userId, origin, noteId, state } as Presence;
  } catch {
    return undefined;
  }
}
