/** Table shapes as Kysely sees them. Rows stay inside repositories; the API gets mapped types. */
export interface UserTable {
  id: string;
  email: string;
  password_hash: string;
  time_created: number;
}

export interface SessionTable {
  id: string;
  user_id: string;
  /** SHA-256 of the token, hex; the token itself is never stored. */
  token_hash: string;
  time_created: number;
}

export interface NoteTable {
  id: string;
  user_id: string;
  body: string;
  time_created: number;
  time_last_modified: number;
  /** Per-user change counter: orders notes modified within the same second. */
  revision: number;
}

export interface DatabaseSchema {
  users: UserTable;
  sessions: SessionTable;
  notes: NoteTable;
}
