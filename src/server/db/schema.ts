import type { Generated, Kysely } from 'kysely';

/** The query layer over these tables: the open database's, or a transaction on it. */
export type Db = Kysely<DatabaseSchema>;

/** Table shapes as Kysely sees them. Rows stay inside repositories; the API gets mapped types. */
export interface UserTable {
  id: string;
  email: string;
  password_hash: string;
  time_created: number;
  /**
   * SQLite: the user's change counter, the last `change_seq` given to one of their notes (the
   * resync clock there). PostgreSQL takes change numbers from a sequence and leaves it be.
   */
  change_seq: Generated<number>;
  /** Base32 TOTP secret once two-factor sign-in is on; null while it is off. */
  totp_secret: Generated<string | null>;
  /** A secret shown for set-up and not yet confirmed with a code. */
  totp_pending_secret: Generated<string | null>;
  /** The last TOTP time step a code was accepted for, so no code is accepted twice. */
  totp_last_step: Generated<number | null>;
  /** Wrong two-factor codes since the last accepted one; the account locks at a limit. */
  totp_failures: Generated<number>;
  /** Unix milliseconds before which no further two-factor code is looked at (back-off). */
  totp_next_attempt: Generated<number | null>;
}

export interface SessionTable {
  id: string;
  user_id: string;
  /** SHA-256 of the token, hex; the token itself is never stored. */
  token_hash: string;
  time_created: number;
  /** When the session was last used, to a minute or so; idle sessions expire. */
  time_last_seen: number | null;
  user_agent: string | null;
  /** The client address the session was opened from. */
  address: string | null;
}

/** A single-use recovery code for two-factor sign-in, stored as its SHA-256. */
export interface RecoveryCodeTable {
  user_id: string;
  code_hash: string;
}

export interface NoteTable {
  id: string;
  user_id: string;
  body: string;
  time_created: number;
  time_last_modified: number;
  /** The note's own version: 1 when created, +1 on every stored change. */
  revision: number;
  /** Increases with every change: orders ties in the list and export pages (and, on SQLite, resync). */
  change_seq: number;
  /** When the note went to the trash; null while it is in the list. */
  time_deleted: Generated<number | null>;
  /** The session that stored this revision, so a blind overwrite from elsewhere is kept. */
  written_by: Generated<string | null>;
  /** When the note's newest whole snapshot went into history; null before the first. */
  time_snapshot: Generated<number | null>;
  /** When the note's newest listed version went into history; null before the first. */
  time_listed: Generated<number | null>;
}

/** A replaced text of a note, kept so it can be read, restored, or merged against. */
export interface NoteVersionTable {
  note_id: string;
  revision: number;
  user_id: string;
  /**
   * The whole text when `delta_start` is null (snapshots); otherwise only what the next version
   * present replaced (the next row of this note, or the note itself when there is none), at
   * [delta_start, delta_end) of that version's text.
   */
  body: string;
  delta_start: number | null;
  delta_end: number | null;
  /** When this text was stored as the note (the note's timeLastModified then). */
  time_last_modified: number;
  /** When a newer text replaced it; thinning and retention count from here. */
  time_archived: number;
  reason: 'edit' | 'conflict' | 'restore' | 'delete';
  /** 1 for a listed version, which survives thinning; 0 for a recent revision kept as a merge base. */
  kept: Generated<number>;
}

/** A note purged from the trash: resync tells clients it is gone. */
export interface NoteTombstoneTable {
  user_id: string;
  /** The note's last change (its move to the trash). */
  change_seq: number;
  note_id: string;
}

/** A note taken in by an import, by a key from its source, so a second import skips it. */
export interface ImportKeyTable {
  user_id: string;
  key: string;
  note_id: string;
  time_imported: number;
}

/** A note's Yjs document as of one revision (docs/sync.md). */
export interface NoteSyncCheckpointTable {
  note_id: string;
  revision: number;
  state: Uint8Array;
}

/** The Yjs update of one revision after a note's checkpoint; empty when the text stayed. */
export interface NoteSyncUpdateTable {
  note_id: string;
  revision: number;
  update: Uint8Array;
  time_stored: number;
  /** The session whose save made this revision, and the live client it named; null otherwise. */
  session_id: string | null;
  client_id: string | null;
}

/** A file stored for an account (docs/attachments.md). */
export interface AttachmentTable {
  id: string;
  user_id: string;
  /** Hex SHA-256 of the stored bytes; null while the upload is arriving. */
  sha256: string | null;
  /** The name it was uploaded with. */
  name: string;
  /** The media type sniffed from its bytes. */
  type: string;
  size: number;
  time_created: number;
  /** When housekeeping last found a note, trashed note or version referring to it. */
  time_referenced: Generated<number | null>;
}

/** A piece of an attachment's bytes, for the database backend; all but the last are full. */
export interface AttachmentChunkTable {
  attachment_id: string;
  seq: number;
  data: Uint8Array;
}

/** A note's link to a name (docs/links.md): one row per note and name it links to. */
export interface NoteLinkTable {
  /** The note the link is written in. */
  note_id: string;
  /** The name it links to, as `linkKey` makes it. */
  target_key: string;
  user_id: string;
}

/** A name a note goes by (its title, an alias), as `linkKey` makes it. */
export interface NoteLinkNameTable {
  note_id: string;
  name_key: string;
  user_id: string;
}

/** An index Quire reads again from the notes after migrating (links: the link index). */
export interface IndexRebuildTable {
  name: string;
}

/** A backup made (docs/deployment.md), by its folder's name; times in Unix seconds. */
export interface BackupRunTable {
  name: string;
  time_made: number;
  /** When a restore of it into a scratch database last matched its manifest. */
  time_verified: number | null;
}

/** A person at an OpenID provider, and the account they sign in to (docs/security.md). */
export interface OidcIdentityTable {
  issuer: string;
  /** The provider's `sub`: stable for the person, unlike their e-mail. */
  subject: string;
  user_id: string;
  time_created: number;
}

/** A single-use code that signs its holder in once, before it expires; only its SHA-256 is kept. */
export interface SignInCodeTable {
  code_hash: string;
  user_id: string;
  /** Unix seconds. */
  time_expires: number;
}

/** A public share link (src/shared/shares.ts): a note's, or a tag's when `note_id` is null. */
export interface ShareTable {
  id: string;
  user_id: string;
  /** The shared note; null for a tag's link. */
  note_id: string | null;
  /** The shared tag as written, without its `#`; null for a note's link. */
  tag: string | null;
  /** 1: a tag's link shares its nested tags too. */
  nested_tags: Generated<number>;
  /** SHA-256 of the token, hex; the token itself is never stored. */
  token_hash: string;
  /** The token's first characters, so the owner tells links apart. */
  token_hint: string;
  /** The reader's password, hashed like an account's; null: none asked. */
  password_hash: string | null;
  /** 1: search engines may index the page. */
  allow_search_engines: Generated<number>;
  time_created: number;
  time_expires: number | null;
  views: Generated<number>;
  time_last_view: number | null;
}

/** A personal API token (docs/api.md); times in Unix seconds. */
export interface ApiTokenTable {
  id: string;
  user_id: string;
  /** What the owner called it, to tell tokens apart in the list. */
  name: string;
  /** SHA-256 of the token, hex; the token itself is never stored. */
  token_hash: string;
  /** Space-separated scope names (src/shared/api-tokens.ts). */
  scopes: string;
  time_created: number;
  /** When it stops working; null: never. */
  time_expires: number | null;
  /** When it was last used, to a minute or so; null: never used. */
  time_last_used: number | null;
}

/** The spell-check language an account chose (shared/spelling.ts); no row: the default. */
export interface SpellingSettingsTable {
  user_id: string;
  language: string;
  time_changed: number;
}

/** A word an account added to its personal spelling dictionary, composed (NFC). */
export interface DictionaryWordTable {
  user_id: string;
  word: string;
  time_added: number;
}

export interface DatabaseSchema {
  users: UserTable;
  sessions: SessionTable;
  notes: NoteTable;
  note_versions: NoteVersionTable;
  recovery_codes: RecoveryCodeTable;
  note_tombstones: NoteTombstoneTable;
  import_keys: ImportKeyTable;
  note_sync_checkpoints: NoteSyncCheckpointTable;
  note_sync_updates: NoteSyncUpdateTable;
  attachments: AttachmentTable;
  attachment_chunks: AttachmentChunkTable;
  note_links: NoteLinkTable;
  note_link_names: NoteLinkNameTable;
  index_rebuilds: IndexRebuildTable;
  backup_runs: BackupRunTable;
  oidc_identities: OidcIdentityTable;
  sign_in_codes: SignInCodeTable;
  api_tokens: ApiTokenTable;
  spelling_settings: SpellingSettingsTable;
  dictionary_words: DictionaryWordTable;
  shares: ShareTable;
}
