import { hashSessionToken } from '../../src/server/accounts/session-token.js';
import type { DatabaseLocation } from '../../src/server/config.js';
import { openDatabase } from '../../src/server/db/database.js';
import { migrateToLatest } from '../../src/server/db/migrate.js';
import type { NoteTable } from '../../src/server/db/schema.js';

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

/** The session token of user `index` (its hash is what the sample database stores). */
export const sampleToken = (index: number) => `sample-token-${index}`;

/**
 * Fills a database with users, sessions and `noteCount` notes spread over the users, odd
 * bodies among them, several modified within the same second (so order needs the revision).
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
            time_created: 1_700_000_100 + session,
          })
          .execute();
      }
      const revisions = new Map<string, number>();
      const notes: NoteTable[] = [];
      for (let i = 0; i < noteCount; i += 1) {
        const userId = `user-${i % SAMPLE_USERS}`;
        const revision = (revisions.get(userId) ?? 0) + 1;
        revisions.set(userId, revision);
        notes.push({
          id: `note-${String(i).padStart(6, '0')}-${(i * 7919) % 1000}`,
          user_id: userId,
          body: i < ODD_BODIES.length ? (ODD_BODIES[i] as string) : `# Note ${i}\n\nbody ${i} ✓`,
          time_created: 1_700_000_000 + Math.floor(i / 3),
          time_last_modified: 1_700_100_000 + Math.floor(i / 7),
          revision,
        });
        if (notes.length === 500) await trx.insertInto('notes').values(notes.splice(0)).execute();
      }
      if (notes.length > 0) await trx.insertInto('notes').values(notes).execute();
    });
  } finally {
    await database.close();
  }
}
