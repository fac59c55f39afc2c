-- index api_tokens_user_id
CREATE INDEX "api_tokens_user_id" on "api_tokens" ("user_id");

-- index attachments_user_sha256
CREATE UNIQUE INDEX "attachments_user_sha256" on "attachments" ("user_id", "sha256");

-- index import_keys_note
CREATE INDEX "import_keys_note" on "import_keys" ("note_id");

-- index note_link_names_key
CREATE INDEX "note_link_names_key" on "note_link_names" ("user_id", "name_key", "note_id");

-- index note_links_target
CREATE INDEX "note_links_target" on "note_links" ("user_id", "target_key", "note_id");

-- index note_versions_archived
CREATE INDEX "note_versions_archived" on "note_versions" ("time_archived");

-- index notes_list_order
CREATE INDEX "notes_list_order" on "notes" ("user_id", "time_last_modified", "change_seq", "id") where time_deleted is null;

-- index notes_user_change
CREATE INDEX "notes_user_change" on "notes" ("user_id", "change_seq");

-- index oidc_identities_user
CREATE INDEX "oidc_identities_user" on "oidc_identities" ("user_id");

-- index sessions_user_id
CREATE INDEX "sessions_user_id" on "sessions" ("user_id");

-- index shares_note_id
CREATE INDEX "shares_note_id" on "shares" ("note_id");

-- index shares_user_id
CREATE INDEX "shares_user_id" on "shares" ("user_id");

-- index sign_in_codes_user
CREATE INDEX "sign_in_codes_user" on "sign_in_codes" ("user_id");

-- table api_tokens
CREATE TABLE "api_tokens" ("id" text primary key, "user_id" text not null references "users" ("id") on delete cascade, "name" text not null, "token_hash" text not null unique, "scopes" text not null, "time_created" bigint not null, "time_expires" bigint, "time_last_used" bigint);

-- table attachment_chunks
CREATE TABLE "attachment_chunks" ("attachment_id" text not null references "attachments" ("id") on delete cascade, "seq" integer not null, "data" blob not null, constraint "attachment_chunks_pk" primary key ("attachment_id", "seq"));

-- table attachments
CREATE TABLE "attachments" ("id" text primary key, "user_id" text not null references "users" ("id") on delete cascade, "sha256" text, "name" text not null, "type" text not null, "size" bigint not null, "time_created" bigint not null, "time_referenced" bigint);

-- table backup_runs
CREATE TABLE "backup_runs" ("name" text primary key, "time_made" bigint not null, "time_verified" bigint);

-- table dictionary_words
CREATE TABLE "dictionary_words" ("user_id" text not null references "users" ("id") on delete cascade, "word" text not null, "time_added" bigint not null, constraint "dictionary_words_pk" primary key ("user_id", "word"));

-- table import_keys
CREATE TABLE "import_keys" ("user_id" text not null references "users" ("id") on delete cascade, "key" text not null, "note_id" text not null references "notes" ("id") on delete cascade, "time_imported" bigint not null, constraint "import_keys_pk" primary key ("user_id", "key"));

-- table index_rebuilds
CREATE TABLE "index_rebuilds" ("name" text primary key);

-- table note_link_names
CREATE TABLE "note_link_names" ("note_id" text not null references "notes" ("id") on delete cascade, "name_key" text not null, "user_id" text not null, constraint "note_link_names_pk" primary key ("note_id", "name_key"));

-- table note_links
CREATE TABLE "note_links" ("note_id" text not null references "notes" ("id") on delete cascade, "target_key" text not null, "user_id" text not null, constraint "note_links_pk" primary key ("note_id", "target_key"));

-- table note_search
CREATE VIRTUAL TABLE note_search using fts5(owner, title, body, content = '',
     contentless_delete = 1, prefix = '2 3',
     tokenize = "unicode61 remove_diacritics 2 tokenchars '#'");

-- table note_search_config
CREATE TABLE 'note_search_config'(k PRIMARY KEY, v) WITHOUT ROWID;

-- table note_search_data
CREATE TABLE 'note_search_data'(id INTEGER PRIMARY KEY, block BLOB);

-- table note_search_docs
CREATE TABLE note_search_docs (doc integer primary key, note_id text not null unique);

-- table note_search_docsize
CREATE TABLE 'note_search_docsize'(id INTEGER PRIMARY KEY, sz BLOB, origin INTEGER);

-- table note_search_idx
CREATE TABLE 'note_search_idx'(segid, term, pgno, PRIMARY KEY(segid, term)) WITHOUT ROWID;

-- table note_search_pending
CREATE TABLE note_search_pending (seq integer primary key, note_id text not null unique);

-- table note_search_stem
CREATE VIRTUAL TABLE note_search_stem using fts5(owner, title, body, content = '',
     contentless_delete = 1,
     tokenize = "porter unicode61 remove_diacritics 2 tokenchars '#'");

-- table note_search_stem_config
CREATE TABLE 'note_search_stem_config'(k PRIMARY KEY, v) WITHOUT ROWID;

-- table note_search_stem_data
CREATE TABLE 'note_search_stem_data'(id INTEGER PRIMARY KEY, block BLOB);

-- table note_search_stem_docsize
CREATE TABLE 'note_search_stem_docsize'(id INTEGER PRIMARY KEY, sz BLOB, origin INTEGER);

-- table note_search_stem_idx
CREATE TABLE 'note_search_stem_idx'(segid, term, pgno, PRIMARY KEY(segid, term)) WITHOUT ROWID;

-- table note_sync_checkpoints
CREATE TABLE "note_sync_checkpoints" ("note_id" text primary key references "notes" ("id") on delete cascade, "revision" bigint not null, "state" blob not null);

-- table note_sync_updates
CREATE TABLE "note_sync_updates" ("note_id" text not null references "notes" ("id") on delete cascade, "revision" bigint not null, "update" blob not null, "time_stored" bigint not null, "session_id" text, "client_id" text, constraint "note_sync_updates_pk" primary key ("note_id", "revision"));

-- table note_tombstones
CREATE TABLE "note_tombstones" ("user_id" text not null references "users" ("id") on delete cascade, "change_seq" bigint not null, "note_id" text not null, constraint "note_tombstones_pk" primary key ("user_id", "change_seq", "note_id"));

-- table note_versions
CREATE TABLE "note_versions" ("note_id" text not null references "notes" ("id") on delete cascade, "revision" bigint not null, "user_id" text not null references "users" ("id") on delete cascade, "body" text not null, "delta_start" bigint, "delta_end" bigint, "time_last_modified" bigint not null, "time_archived" bigint not null, "reason" text not null, "kept" integer default 0 not null, constraint "note_versions_pk" primary key ("note_id", "revision"));

-- table notes
CREATE TABLE "notes" ("id" text primary key, "user_id" text not null references "users" ("id") on delete cascade, "body" text not null, "time_created" bigint not null, "time_last_modified" bigint not null, "change_seq" bigint not null, "revision" bigint default 1 not null, "time_deleted" bigint, "written_by" text, "time_snapshot" bigint, "time_listed" bigint);

-- table oidc_identities
CREATE TABLE "oidc_identities" ("issuer" text not null, "subject" text not null, "user_id" text not null references "users" ("id") on delete cascade, "time_created" bigint not null, constraint "oidc_identities_pk" primary key ("issuer", "subject"));

-- table recovery_codes
CREATE TABLE "recovery_codes" ("user_id" text not null references "users" ("id") on delete cascade, "code_hash" text not null, constraint "recovery_codes_pk" primary key ("user_id", "code_hash"));

-- table sessions
CREATE TABLE "sessions" ("id" text primary key, "user_id" text not null references "users" ("id") on delete cascade, "token_hash" text not null unique, "time_created" bigint not null, "time_last_seen" bigint, "user_agent" text, "address" text);

-- table shares
CREATE TABLE "shares" ("id" text primary key, "user_id" text not null references "users" ("id") on delete cascade, "note_id" text references "notes" ("id") on delete cascade, "tag" text, "nested_tags" integer default 0 not null, "token_hash" text not null unique, "token_hint" text not null, "password_hash" text, "allow_search_engines" integer default 0 not null, "time_created" bigint not null, "time_expires" bigint, "views" bigint default 0 not null, "time_last_view" bigint);

-- table sign_in_codes
CREATE TABLE "sign_in_codes" ("code_hash" text primary key, "user_id" text not null references "users" ("id") on delete cascade, "time_expires" bigint not null);

-- table spelling_settings
CREATE TABLE "spelling_settings" ("user_id" text primary key references "users" ("id") on delete cascade, "language" text not null, "time_changed" bigint not null);

-- table users
CREATE TABLE "users" ("id" text primary key, "email" text not null unique, "password_hash" text not null, "time_created" bigint not null, "change_seq" bigint default 0 not null, "totp_secret" text, "totp_pending_secret" text, "totp_last_step" bigint, "totp_failures" integer default 0 not null, "totp_next_attempt" bigint);

-- trigger notes_search_delete
CREATE TRIGGER notes_search_delete after delete on notes begin insert or ignore into note_search_pending (note_id) values (old.id); end;

-- trigger notes_search_insert
CREATE TRIGGER notes_search_insert after insert on notes begin insert or ignore into note_search_pending (note_id) values (new.id); end;

-- trigger notes_search_update
CREATE TRIGGER notes_search_update after update of body, user_id, time_deleted on notes
     begin insert or ignore into note_search_pending (note_id) values (new.id); end;

-- settings of note_search_config
automerge = 0
version = 4

-- settings of note_search_stem_config
automerge = 0
version = 4
