import type { Kysely } from 'kysely';
import { isPostgres, run } from './dialect.js';

// PostgreSQL's search index took every `#word` as a tag. The catch-up now reads a note's `#`s
// with the Markdown reader before the database's functions see them, so every note that writes
// a `#` is queued for it here, as a save queues a note. Searches read their own user's queue
// first, so none answers from the old index.
const QUEUE_HASHES = `insert into note_search_pending (note_id, user_id, seq)
  select id, user_id, nextval('note_search_pending_seq') from notes where position('#' in body) > 0
  on conflict (note_id) do nothing`;

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) await run(db, [QUEUE_HASHES]);
}

// The queue holds nothing the notes do not: it may stay as it is.
export async function down(): Promise<void> {}
