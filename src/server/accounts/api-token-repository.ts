import { type ApiTokenInfo, TOKEN_SCOPES, type TokenScope } from '../../shared/api-tokens.js';
import { prepared } from '../db/prepared-query.js';
import type { Db } from '../db/schema.js';
import type { StoredSession } from './session-repository.js';

export interface NewApiToken {
  id: string;
  userId: string;
  name: string;
  tokenHash: string;
  scopes: readonly TokenScope[];
  timeCreated: number;
  timeExpires: number | null;
}

/** Scopes as stored: known names only, so a name dropped from the code grants nothing. */
function scopesOf(stored: string): TokenScope[] {
  const names = new Set(stored.split(' '));
  return TOKEN_SCOPES.filter((scope) => names.has(scope));
}

export async function insertApiToken(db: Db, token: NewApiToken): Promise<void> {
  await db
    .insertInto('api_tokens')
    .values({
      id: token.id,
      user_id: token.userId,
      name: token.name,
      token_hash: token.tokenHash,
      scopes: token.scopes.join(' '),
      time_created: token.timeCreated,
      time_expires: token.timeExpires,
      time_last_used: null,
    })
    .execute();
}

/** Every request with an API token asks this, so it is built once (prepared-query.ts). */
const tokenByHash = prepared((db: Db, p: { tokenHash: string }) =>
  db
    .selectFrom('api_tokens')
    .innerJoin('users', 'users.id', 'api_tokens.user_id')
    .select([
      'api_tokens.id as sessionId',
      'users.id as userId',
      'users.email as email',
      'api_tokens.scopes as scopes',
      'api_tokens.time_created as timeCreated',
      'api_tokens.time_expires as timeExpires',
      'api_tokens.time_last_used as timeLastUsed',
    ])
    .where('api_tokens.token_hash', '=', p.tokenHash),
);

/**
 * An API token as the token check sees it: a session with scopes. Its last-seen time is when it
 * was last used (0 if never), so the check refreshes it as it does a session's.
 */
export async function findApiTokenByHash(
  db: Db,
  tokenHash: string,
): Promise<StoredSession | undefined> {
  const row = await tokenByHash.executeTakeFirst(db, { tokenHash });
  if (!row) return undefined;
  return {
    sessionId: row.sessionId,
    userId: row.userId,
    email: row.email,
    scopes: scopesOf(row.scopes),
    timeCreated: Number(row.timeCreated),
    timeLastSeen: Number(row.timeLastUsed ?? 0),
    timeExpires: row.timeExpires === null ? null : Number(row.timeExpires),
  };
}

export async function touchApiToken(db: Db, tokenId: string, now: number): Promise<void> {
  await db
    .updateTable('api_tokens')
    .set({ time_last_used: now })
    .where('id', '=', tokenId)
    .execute();
}

export async function countApiTokensOfUser(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('api_tokens')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The user's tokens, newest first, expired ones too (so their owner sees why a script fails). */
export async function listApiTokensOfUser(db: Db, userId: string): Promise<ApiTokenInfo[]> {
  const rows = await db
    .selectFrom('api_tokens')
    .select([
      'id',
      'name',
      'scopes',
      'time_created as timeCreated',
      'time_expires as timeExpires',
      'time_last_used as timeLastUsed',
    ])
    .where('user_id', '=', userId)
    .orderBy('time_created', 'desc')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    ...row,
    scopes: scopesOf(row.scopes),
    timeCreated: Number(row.timeCreated),
    timeExpires: row.timeExpires === null ? null : Number(row.timeExpires),
    timeLastUsed: row.timeLastUsed === null ? null : Number(row.timeLastUsed),
  }));
}

/** Revokes one of a user's tokens; false when the user has no token with that id. */
export async function deleteApiTokenOfUser(
  db: Db,
  userId: string,
  tokenId: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom('api_tokens')
    .where('id', '=', tokenId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Revokes every token of a user: the administrator's reset of a password (`quire user passwd`). */
export async function deleteApiTokensOfUser(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('api_tokens').where('user_id', '=', userId).execute();
}

/** Well under every database's limit of bound parameters in one statement. */
const IDS_PER_QUERY = 500;

/** Which of these tokens still exist and have not expired by `now`. */
export async function findLiveApiTokenIds(
  db: Db,
  tokenIds: readonly string[],
  now: number,
): Promise<Set<string>> {
  const live = new Set<string>();
  for (let start = 0; start < tokenIds.length; start += IDS_PER_QUERY) {
    const rows = await db
      .selectFrom('api_tokens')
      .select('id')
      .where('id', 'in', tokenIds.slice(start, start + IDS_PER_QUERY))
      .where((eb) => eb.or([eb('time_expires', 'is', null), eb('time_expires', '>', now)]))
      .execute();
    for (const row of rows) live.add(row.id);
  }
  return live;
}
