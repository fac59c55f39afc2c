import { isSessionEndReason } from '../../shared/session-end.js';
import type { SessionsEnded } from './live-bus.js';

/** The PostgreSQL channel that carries ended sessions to every instance. */
export const SESSION_ENDS_CHANNEL = 'quire_session_ends';

/** Reads a notification payload back; undefined for anything malformed. */
export function parseSessionsEnded(payload: string | undefined): SessionsEnded | undefined {
  try {
    const { userId, sessionIds, exceptSessionId, reason } = JSON.parse(payload ?? '') as Partial<
      Record<keyof SessionsEnded, unknown>
    >;
    if (typeof userId !== 'string') return undefined;
    const ended: SessionsEnded = { userId };
    if (Array.isArray(sessionIds)) {
      if (!sessionIds.every((id) => typeof id === 'string')) return undefined;
      ended.sessionIds = sessionIds as string[];
    }
    if (typeof exceptSessionId === 'string') ended.exceptSessionId = exceptSessionId;
    if (isSessionEndReason(reason)) ended.reason = reason;
    return ended;
  } catch {
    return undefined;
  }
}
