/**
 * What the yardstick server keeps, as the least a store can do for the API (docs/api.md#routes):
 * notes come back already serialized as JSON by the database. SQLite answers at once (plain
 * values); PostgreSQL answers over the wire (promises).
 */
export interface PlainStore {
  /** The user of a session, by the SHA-256 hex of its token. */
  userOf(tokenHash: string): string | undefined | Promise<string | undefined>;
  /** `{"results":[…]}`, most recently modified first. */
  list(userId: string): Buffer | Promise<Buffer>;
  /** The note as JSON, or undefined when the user has no such note. */
  update(
    userId: string,
    id: string,
    body: string,
  ): string | undefined | Promise<string | undefined>;
  create(userId: string, id: string, body: string): string | Promise<string>;
  /** How many notes went (0 or 1). */
  remove(userId: string, id: string): number | Promise<number>;
  signUp(
    userId: string,
    email: string,
    passwordHash: string,
    tokenHash: string,
  ): void | Promise<void>;
  close(): void | Promise<void>;
}

export const LIST_START = Buffer.from('{"results":[');
export const LIST_END = Buffer.from(']}');
export const now = () => Math.floor(Date.now() / 1000);
