import type { Insertable } from 'kysely';
import { hashSessionToken } from '../../src/server/accounts/session-token.js';
import type { DatabaseLocation } from '../../src/server/db/location.js';
import { migrateToLatest } from '../../src/server/db/migrate.js';
import type { NoteTable, NoteVersionTable } from '../../src/server/db/schema.js';
import { openDatabase } from '../../src/server/storage/open-database.js';

/** Bodies that must survive any storage exactly. */
export const ODD_BODIES = [
  '',
  '😀 👩🏽‍💻 🇳🇿 family: 👨‍👩‍👧‍👦',
  'مرحبا بالعالم — שלום עולם\u200f mixed ltr',
  'nul:\u0000:end\u0000',
  'escape-like \u0001\u0001 \u0001\u0002 \u0001 \u0002 and nul \u0000\u0001',
  'controls \u0008\u000b\u000c\u001f\u007f and bom \ufeff zw\u200b\u200d',
  'line\r\nbreaks\rand\u2028separators\u2029',
  '"quotes" \\backslashes\\ </script> \'single\'',
  `big ${'x'.repeat(256 * 1024)} end`,
];

export const SAMPLE_USERS = 3;
export const SAMPLE_SESSIONS = 4;
/** Every this many notes has one earlier text in its history (two for every other one of them). */
const VERSIONED_EVERY = 7;

/** How many history versions a sample database of `noteCount` notes holds. */
export function sampleVersionCount(noteCount: number): number {
  let count = 0;
  for (let i = 0; i < noteCount; i += VERSIONED_EVERY) count += i % 2 === 0 ? 2 : 1;
  return count;
}

/** The session token of user `index` (its hash is what the sample database stores). */
export const sampleToken = (index: number) => `sample-token-${index}`;

const SESSIONS_BEGAN = Math.floor(Date.now() / 1000) - 3_600;

/**
 * Fills a database with users, sessions and `noteCount` notes spread over the users, odd
 * bodies among them, several modified within the same second (so order needs the change sequence).
 */
export async function fillSampleDatabase(
  location: DatabaseLocation,
  noteCount: number,
): Promise<void> {
  const database = await openDatabase(location);
  try {
    await migrateToLatest(database.db);
    await database.db.transaction().execute(async (trx) => {
      for (let user = 0; user < SAMPLE_USERS; user += 1) {
        await trx
          .insertInto('users')
          .values({
            id: `user-${user}`,
            email: `user.${user}@example.com`,
            password_hash: `scrypt$1024$8$1$salt${user}$hash${user}`,
            time_created: 1_700_000_000 + user,
          })
          .execute();
      }
      for (let session = 0; session < SAMPLE_SESSIONS; session += 1) {
        const user = session % SAMPLE_USERS;
        await trx
          .insertInto('sessions')
          .values({
            id: `session-${session}`,
            user_id: `user-${user}`,
            token_hash: hashSessionToken(
              session < SAMPLE_USERS ? sampleToken(user) : `x${session}`,
            ),
            // Recent, so the sessions have not expired (SESSION_MAX_DAYS) when the tests use them.
            time_created: SESSIONS_BEGAN + session,
          })
          .execute();
      }
      const changeSeqs = new Map<string, number>();
      const notes: Insertable<NoteTable>[] = [];
      const versions: Insertable<NoteVersionTable>[] = [];
      for (let i = 0; i < noteCount; i += 1) {
        const userId = `user-${i % SAMPLE_USERS}`;
        const changeSeq = (changeSeqs.get(userId) ?? 0) + 1;
        changeSeqs.set(userId, changeSeq);
        const id = `note-${String(i).padStart(6, '0')}-${(i * 7919) % 1000}`;
        const earlier = i % VERSIONED_EVERY !== 0 ? 0 : i % 2 === 0 ? 2 : 1;
        for (let revision = 1; revision <= earlier; revision += 1) {
          versions.push({
            note_id: id,
            user_id: userId,
            revision,
            body: `earlier text ${revision} of ${i} \u0000 ✓`,
            time_last_modified: 1_700_000_000 + revision,
            time_archived: 1_700_000_100 + revision,
            reason: revision === 1 ? 'edit' : 'conflict',
            kept: revision % 2,
          });
        }
        notes.push({
          id,
          user_id: userId,
          body: i < ODD_BODIES.length ? (ODD_BODIES[i] as string) : `# Note ${i}\n\nbody ${i} ✓`,
          time_created: 1_700_000_000 + Math.floor(i / 3),
          time_last_modified: 1_700_100_000 + Math.floor(i / 7),
          revision: earlier + 1,
          change_seq: changeSeq,
        });
        if (notes.length === 500) await trx.insertInto('notes').values(notes.splice(0)).execute();
      }
      if (notes.length > 0) await trx.insertInto('notes').values(notes).execute();
      while (versions.length > 0) {
        await trx.insertInto('note_versions').values(versions.splice(0, 500)).execute();
      }
      // The first notes came from an import, so a copy must keep them from coming in twice.
      const imported = Math.min(noteCount, 3);
      for (let i = 0; i < imported; i += 1) {
        await trx
          .insertInto('import_keys')
          .values({
            user_id: `user-${i % SAMPLE_USERS}`,
            key: `imported-key-${i}`,
            note_id: `note-${String(i).padStart(6, '0')}-${(i * 7919) % 1000}`,
            time_imported: 1_700_200_000 + i,
          })
          .execute();
      }
      // One account signs in through an OpenID provider: the link must travel with it.
      await trx
        .insertInto('oidc_identities')
        .values({
          issuer: 'https://id.example.org/',
          subject: 'subject-0',
          user_id: 'user-0',
          time_created: 1_700_300_000,
        })
        .execute();
      for (const [userId, changeSeq] of changeSeqs) {
        await trx
          .updateTable('users')
          .set({ change_seq: changeSeq })
          .where('id', '=', userId)
          .execute();
      }
    });
  } finally {
    await database.close();
  }
}
