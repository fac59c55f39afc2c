import type { Db } from '../db/schema.js';
import { findLiveApiTokenIds } from './api-token-repository.js';
import { findExistingSessionIds } from './session-repository.js';

/**
 * Which of these sessions and API tokens may still be used at `now`; the rest ended (logged out,
 * revoked, expired, or their account deleted). Live sockets are checked against it.
 */
export async function findLiveCredentialIds(
  db: Db,
  ids: readonly string[],
  now: number,
): Promise<Set<string>> {
  const live = await findExistingSessionIds(db, ids);
  const others = ids.filter((id) => !live.has(id));
  if (others.length === 0) return live;
  for (const id of await findLiveApiTokenIds(db, others, now)) live.add(id);
  return live;
}
