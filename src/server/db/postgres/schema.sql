-- extensions
pg_trgm
unaccent

-- columns
api_tokens.id text not null
api_tokens.name text not null
api_tokens.scopes text not null
api_tokens.time_created bigint not null
api_tokens.time_expires bigint
api_tokens.time_last_used bigint
api_tokens.token_hash text not null
api_tokens.user_id text not null
attachment_chunks.attachment_id text not null
attachment_chunks.data bytea not null
attachment_chunks.seq integer not null
attachments.id text not null
attachments.name text not null
attachments.sha256 text
attachments.size bigint not null
attachments.time_created bigint not null
attachments.time_referenced bigint
attachments.type text not null
attachments.user_id text not null
backup_runs.name text not null
backup_runs.time_made bigint not null
backup_runs.time_verified bigint
dictionary_words.time_added bigint not null
dictionary_words.user_id text not null
dictionary_words.word text not null
import_keys.key text not null
import_keys.note_id text not null
import_keys.time_imported bigint not null
import_keys.user_id text not null
index_rebuilds.name text not null
note_link_names.name_key text not null
note_link_names.note_id text not null
note_link_names.user_id text not null
note_links.note_id text not null
note_links.target_key text not null
note_links.user_id text not null
note_search.body tsvector not null storage external
note_search.change_seq bigint not null
note_search.in_trash boolean not null
note_search.note_id text not null collate "C"
note_search.stem tsvector not null storage external
note_search.time_last_modified bigint not null
note_search.title tsvector not null
note_search.user_id text not null collate "C"
note_search_pending.note_id text not null collate "C"
note_search_pending.seq bigint not null
note_search_pending.user_id text not null collate "C"
note_sync_checkpoints.note_id text not null
note_sync_checkpoints.revision bigint not null
note_sync_checkpoints.state bytea not null
note_sync_updates.client_id text
note_sync_updates.note_id text not null
note_sync_updates.revision bigint not null
note_sync_updates.session_id text
note_sync_updates.time_stored bigint not null
note_sync_updates.update bytea not null
note_tombstones.change_seq bigint not null
note_tombstones.change_xid xid8 not null default pg_current_xact_id()
note_tombstones.note_id text not null
note_tombstones.user_id text not null
note_versions.body text not null
note_versions.delta_end bigint
note_versions.delta_start bigint
note_versions.kept integer not null default 0
note_versions.note_id text not null
note_versions.reason text not null
note_versions.revision bigint not null
note_versions.time_archived bigint not null
note_versions.time_last_modified bigint not null
note_versions.user_id text not null
notes.body text not null
notes.change_seq bigint not null
notes.change_xid xid8 not null default pg_current_xact_id()
notes.id text not null collate "C"
notes.revision bigint not null default 1
notes.time_created bigint not null
notes.time_deleted bigint
notes.time_last_modified bigint not null
notes.time_listed bigint
notes.time_snapshot bigint
notes.user_id text not null
notes.written_by text
oidc_identities.issuer text not null
oidc_identities.subject text not null
oidc_identities.time_created bigint not null
oidc_identities.user_id text not null
recovery_codes.code_hash text not null
recovery_codes.user_id text not null
sessions.address text
sessions.id text not null
sessions.time_created bigint not null
sessions.time_last_seen bigint
sessions.token_hash text not null
sessions.user_agent text
sessions.user_id text not null
shares.allow_search_engines integer not null default 0
shares.id text not null
shares.nested_tags integer not null default 0
shares.note_id text
shares.password_hash text
shares.tag text
shares.time_created bigint not null
shares.time_expires bigint
shares.time_last_view bigint
shares.token_hash text not null
shares.token_hint text not null
shares.user_id text not null
shares.views bigint not null default 0
sign_in_codes.code_hash text not null
sign_in_codes.time_expires bigint not null
sign_in_codes.user_id text not null
spelling_settings.language text not null
spelling_settings.time_changed bigint not null
spelling_settings.user_id text not null
users.change_seq bigint not null default 0
users.email text not null collate "C"
users.id text not null
users.password_hash text not null
users.time_created bigint not null
users.totp_failures integer not null default 0
users.totp_last_step bigint
users.totp_next_attempt bigint
users.totp_pending_secret text
users.totp_secret text

-- table options
note_search toast_tuple_target=256

-- constraints
api_tokens api_tokens_pkey PRIMARY KEY (id)
api_tokens api_tokens_token_hash_key UNIQUE (token_hash)
api_tokens api_tokens_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
attachment_chunks attachment_chunks_attachment_id_fkey FOREIGN KEY (attachment_id) REFERENCES attachments(id) ON DELETE CASCADE
attachment_chunks attachment_chunks_pk PRIMARY KEY (attachment_id, seq)
attachments attachments_pkey PRIMARY KEY (id)
attachments attachments_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
backup_runs backup_runs_pkey PRIMARY KEY (name)
dictionary_words dictionary_words_pk PRIMARY KEY (user_id, word)
dictionary_words dictionary_words_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
import_keys import_keys_note_id_fkey FOREIGN KEY (note_id) REFERENCES notes(id) ON DELETE CASCADE
import_keys import_keys_pk PRIMARY KEY (user_id, key)
import_keys import_keys_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
index_rebuilds index_rebuilds_pkey PRIMARY KEY (name)
note_link_names note_link_names_note_id_fkey FOREIGN KEY (note_id) REFERENCES notes(id) ON DELETE CASCADE
note_link_names note_link_names_pk PRIMARY KEY (note_id, name_key)
note_links note_links_note_id_fkey FOREIGN KEY (note_id) REFERENCES notes(id) ON DELETE CASCADE
note_links note_links_pk PRIMARY KEY (note_id, target_key)
note_search note_search_pkey PRIMARY KEY (note_id)
note_search_pending note_search_pending_pkey PRIMARY KEY (note_id)
note_sync_checkpoints note_sync_checkpoints_note_id_fkey FOREIGN KEY (note_id) REFERENCES notes(id) ON DELETE CASCADE
note_sync_checkpoints note_sync_checkpoints_pkey PRIMARY KEY (note_id)
note_sync_updates note_sync_updates_note_id_fkey FOREIGN KEY (note_id) REFERENCES notes(id) ON DELETE CASCADE
note_sync_updates note_sync_updates_pk PRIMARY KEY (note_id, revision)
note_tombstones note_tombstones_pk PRIMARY KEY (user_id, change_seq, note_id)
note_tombstones note_tombstones_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
note_versions note_versions_note_id_fkey FOREIGN KEY (note_id) REFERENCES notes(id) ON DELETE CASCADE
note_versions note_versions_pk PRIMARY KEY (note_id, revision)
note_versions note_versions_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
notes notes_pkey PRIMARY KEY (id)
notes notes_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
oidc_identities oidc_identities_pk PRIMARY KEY (issuer, subject)
oidc_identities oidc_identities_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
recovery_codes recovery_codes_pk PRIMARY KEY (user_id, code_hash)
recovery_codes recovery_codes_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
sessions sessions_pkey PRIMARY KEY (id)
sessions sessions_token_hash_key UNIQUE (token_hash)
sessions sessions_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
shares shares_note_id_fkey FOREIGN KEY (note_id) REFERENCES notes(id) ON DELETE CASCADE
shares shares_pkey PRIMARY KEY (id)
shares shares_token_hash_key UNIQUE (token_hash)
shares shares_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
sign_in_codes sign_in_codes_pkey PRIMARY KEY (code_hash)
sign_in_codes sign_in_codes_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
spelling_settings spelling_settings_pkey PRIMARY KEY (user_id)
spelling_settings spelling_settings_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
users users_email_key UNIQUE (email)
users users_pkey PRIMARY KEY (id)

-- indexes
CREATE INDEX api_tokens_user_id ON public.api_tokens USING btree (user_id)
CREATE INDEX import_keys_note ON public.import_keys USING btree (note_id)
CREATE INDEX note_link_names_key ON public.note_link_names USING btree (user_id, name_key, note_id)
CREATE INDEX note_links_target ON public.note_links USING btree (user_id, target_key, note_id)
CREATE INDEX note_search_body ON public.note_search USING gin (body)
CREATE INDEX note_search_pending_order ON public.note_search_pending USING btree (seq)
CREATE INDEX note_search_pending_user ON public.note_search_pending USING btree (user_id, seq)
CREATE INDEX note_search_stem ON public.note_search USING gin (stem)
CREATE INDEX note_search_title ON public.note_search USING gin (title)
CREATE INDEX note_search_user_order ON public.note_search USING btree (user_id, time_last_modified)
CREATE INDEX note_tombstones_user_change_xid ON public.note_tombstones USING btree (user_id, change_xid)
CREATE INDEX note_versions_archived ON public.note_versions USING btree (time_archived)
CREATE INDEX notes_list_order ON public.notes USING btree (user_id, time_last_modified, change_seq, id) WHERE (time_deleted IS NULL)
CREATE INDEX notes_user_change ON public.notes USING btree (user_id, change_seq)
CREATE INDEX notes_user_change_xid ON public.notes USING btree (user_id, change_xid)
CREATE INDEX oidc_identities_user ON public.oidc_identities USING btree (user_id)
CREATE INDEX sessions_user_id ON public.sessions USING btree (user_id)
CREATE INDEX shares_note_id ON public.shares USING btree (note_id)
CREATE INDEX shares_user_id ON public.shares USING btree (user_id)
CREATE INDEX sign_in_codes_user ON public.sign_in_codes USING btree (user_id)
CREATE UNIQUE INDEX api_tokens_pkey ON public.api_tokens USING btree (id)
CREATE UNIQUE INDEX api_tokens_token_hash_key ON public.api_tokens USING btree (token_hash)
CREATE UNIQUE INDEX attachment_chunks_pk ON public.attachment_chunks USING btree (attachment_id, seq)
CREATE UNIQUE INDEX attachments_pkey ON public.attachments USING btree (id)
CREATE UNIQUE INDEX attachments_user_sha256 ON public.attachments USING btree (user_id, sha256)
CREATE UNIQUE INDEX backup_runs_pkey ON public.backup_runs USING btree (name)
CREATE UNIQUE INDEX dictionary_words_pk ON public.dictionary_words USING btree (user_id, word)
CREATE UNIQUE INDEX import_keys_pk ON public.import_keys USING btree (user_id, key)
CREATE UNIQUE INDEX index_rebuilds_pkey ON public.index_rebuilds USING btree (name)
CREATE UNIQUE INDEX note_link_names_pk ON public.note_link_names USING btree (note_id, name_key)
CREATE UNIQUE INDEX note_links_pk ON public.note_links USING btree (note_id, target_key)
CREATE UNIQUE INDEX note_search_pending_pkey ON public.note_search_pending USING btree (note_id)
CREATE UNIQUE INDEX note_search_pkey ON public.note_search USING btree (note_id)
CREATE UNIQUE INDEX note_sync_checkpoints_pkey ON public.note_sync_checkpoints USING btree (note_id)
CREATE UNIQUE INDEX note_sync_updates_pk ON public.note_sync_updates USING btree (note_id, revision)
CREATE UNIQUE INDEX note_tombstones_pk ON public.note_tombstones USING btree (user_id, change_seq, note_id)
CREATE UNIQUE INDEX note_versions_pk ON public.note_versions USING btree (note_id, revision)
CREATE UNIQUE INDEX notes_pkey ON public.notes USING btree (id)
CREATE UNIQUE INDEX oidc_identities_pk ON public.oidc_identities USING btree (issuer, subject)
CREATE UNIQUE INDEX recovery_codes_pk ON public.recovery_codes USING btree (user_id, code_hash)
CREATE UNIQUE INDEX sessions_pkey ON public.sessions USING btree (id)
CREATE UNIQUE INDEX sessions_token_hash_key ON public.sessions USING btree (token_hash)
CREATE UNIQUE INDEX shares_pkey ON public.shares USING btree (id)
CREATE UNIQUE INDEX shares_token_hash_key ON public.shares USING btree (token_hash)
CREATE UNIQUE INDEX sign_in_codes_pkey ON public.sign_in_codes USING btree (code_hash)
CREATE UNIQUE INDEX spelling_settings_pkey ON public.spelling_settings USING btree (user_id)
CREATE UNIQUE INDEX users_email_key ON public.users USING btree (email)
CREATE UNIQUE INDEX users_pkey ON public.users USING btree (id)

-- sequences
note_change_seq bigint start 1 increment 1
note_search_pending_seq bigint start 1 increment 1

-- functions
CREATE OR REPLACE FUNCTION public.quire_indexed_text(body text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
    select quire_search_text(
      case when body ~ '[぀-ヿ㐀-䶿一-鿿豈-﫿]'
        then regexp_replace(body, '[぀-ヿ㐀-䶿一-鿿豈-﫿]+', ' ', 'g') || ' ' ||
          quire_spaceless_grams(body) || ' ' || quire_spaceless_tags(body)
        else body end)
  $function$
CREATE OR REPLACE FUNCTION public.quire_note_change_xid()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
    begin
      new.change_xid := pg_current_xact_id();
      return new;
    end $function$
CREATE OR REPLACE FUNCTION public.quire_note_search_sync()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
     declare
       changed notes%rowtype := case when tg_op = 'DELETE' then old else new end;
     begin
       insert into note_search_pending (note_id, user_id, seq)
         values (changed.id, changed.user_id, nextval('note_search_pending_seq'))
         on conflict (note_id) do update set seq = excluded.seq where false;
       return null;
     end $function$
CREATE OR REPLACE FUNCTION public.quire_note_title(body text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
       select substring(ltrim(body, E' \t\r\n') from '^[^\n]*')
     $function$
CREATE OR REPLACE FUNCTION public.quire_search_query(query text)
 RETURNS tsquery
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
       select to_tsquery('simple'::regconfig,
         public.unaccent('public.unaccent'::regdictionary, query))
     $function$
CREATE OR REPLACE FUNCTION public.quire_search_text(body text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
    select regexp_replace(regexp_replace(public.unaccent('public.unaccent'::regdictionary, body), '[@./:_+=~\\|-]', ' ', 'g'), '(^|[^[:alnum:]#])#([[:alnum:]]+)', '\1\2 zztag\2', 'g')
  $function$
CREATE OR REPLACE FUNCTION public.quire_search_vector(body text)
 RETURNS tsvector
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
       select to_tsvector('simple'::regconfig, quire_indexed_text(body))
     $function$
CREATE OR REPLACE FUNCTION public.quire_spaceless_grams(body text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
       select coalesce(string_agg(distinct gram, ' '), '')
       from regexp_matches(body, '[぀-ヿ㐀-䶿一-鿿豈-﫿]+', 'g') as runs(run),
         lateral (
           select c, lead(c) over (order by i) as next
           from unnest(string_to_array(run[1], null)) with ordinality as chars(c, i)
         ) as chars,
         lateral (values (c), (c || next)) as grams(gram)
     $function$
CREATE OR REPLACE FUNCTION public.quire_spaceless_tags(body text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
       select coalesce(string_agg(distinct '#' || tag[2], ' '), '')
       from regexp_matches(body, '(^|[^[:alnum:]#])#([[:alpha:]][[:alnum:]]*)', 'g') as tag
       where tag[2] ~ '[぀-ヿ㐀-䶿一-鿿豈-﫿]'
     $function$
CREATE OR REPLACE FUNCTION public.quire_stem_query(query text)
 RETURNS tsquery
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
       select to_tsquery('quire_english'::regconfig,
         public.unaccent('public.unaccent'::regdictionary, query))
     $function$
CREATE OR REPLACE FUNCTION public.quire_stem_vector(body text)
 RETURNS tsvector
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
       select setweight(to_tsvector('quire_english'::regconfig,
           quire_indexed_text(quire_note_title(body))), 'A')
         || to_tsvector('quire_english'::regconfig, quire_indexed_text(body))
     $function$

-- triggers
CREATE TRIGGER notes_change_xid BEFORE UPDATE ON public.notes FOR EACH ROW EXECUTE FUNCTION quire_note_change_xid()
CREATE TRIGGER notes_search_forget AFTER DELETE ON public.notes FOR EACH ROW EXECUTE FUNCTION quire_note_search_sync()
CREATE TRIGGER notes_search_sync AFTER INSERT OR UPDATE OF body, user_id, time_deleted, time_last_modified, change_seq ON public.notes FOR EACH ROW EXECUTE FUNCTION quire_note_search_sync()

-- text search
configuration quire_english parser default 10:1 quire_english_stem
configuration quire_english parser default 11:1 quire_english_stem
configuration quire_english parser default 15:1 simple
configuration quire_english parser default 16:1 quire_english_stem
configuration quire_english parser default 17:1 quire_english_stem
configuration quire_english parser default 18:1 simple
configuration quire_english parser default 19:1 simple
configuration quire_english parser default 1:1 quire_english_stem
configuration quire_english parser default 20:1 simple
configuration quire_english parser default 21:1 simple
configuration quire_english parser default 22:1 simple
configuration quire_english parser default 2:1 quire_english_stem
configuration quire_english parser default 3:1 simple
configuration quire_english parser default 4:1 simple
configuration quire_english parser default 5:1 simple
configuration quire_english parser default 6:1 simple
configuration quire_english parser default 7:1 simple
configuration quire_english parser default 8:1 simple
configuration quire_english parser default 9:1 simple
dictionary quire_english_stem template snowball (language = 'english')
dictionary unaccent template unaccent (rules = 'unaccent')

-- views
