import { LIVE_CLIENT_HEADER } from '../../shared/live-message.js';

/**
 * This page's name for its live socket. Its own note writes carry it, so the server does not
 * send their changes back to this socket: the answer has told the page already, and the echo
 * of a 1 MB save would be read and parsed again for nothing. Other tabs have names of their own.
 */
export const liveClientId: string = crypto.randomUUID();

/** The header that names this page's socket on a write. */
export const liveClientHeaders: Readonly<Record<string, string>> = {
  [LIVE_CLIENT_HEADER]: liveClientId,
};
