import {
  byCodePoint,
  DEFAULT_SPELL_LANGUAGE,
  isSpellLanguageChoice,
  MAX_DICTIONARY_WORDS,
  type SpellingSettings,
  type SpellLanguageChoice,
} from '../../shared/spelling.js';
import { atomically } from '../db/atomically.js';
import type { Db } from '../db/schema.js';

/** The account's spell-check language and personal words. */
export async function readSpellingSettings(db: Db, userId: string): Promise<SpellingSettings> {
  const row = await db
    .selectFrom('spelling_settings')
    .select('language')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const words = await db
    .selectFrom('dictionary_words')
    .select('word')
    .where('user_id', '=', userId)
    .execute();
  const language = isSpellLanguageChoice(row?.language) ? row.language : DEFAULT_SPELL_LANGUAGE;
  // Sorted here, not by the database, whose collations differ between SQLite and PostgreSQL.
  return { language, words: words.map((entry) => entry.word).sort(byCodePoint) };
}

/**
 * The account's settings row, made if missing, written so that it stays locked until the
 * transaction ends (PostgreSQL; SQLite writes one transaction at a time anyway).
 */
async function holdSettingsRow(trx: Db, userId: string, now: number, language?: string) {
  await trx
    .insertInto('spelling_settings')
    .values({ user_id: userId, language: language ?? DEFAULT_SPELL_LANGUAGE, time_changed: now })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet((eb) => ({
        language: language ?? eb.ref('spelling_settings.language'),
        time_changed: now,
      })),
    )
    .execute();
}

export async function chooseSpellLanguage(
  db: Db,
  userId: string,
  language: SpellLanguageChoice,
  now: number,
): Promise<void> {
  await holdSettingsRow(db, userId, now, language);
}

/**
 * Keeps `word` (already checked and composed) for the account. 'full' when the list holds as
 * many words as it may; adding a word it has changes nothing.
 */
export function addDictionaryWord(
  db: Db,
  userId: string,
  word: string,
  now: number,
): Promise<'added' | 'present' | 'full'> {
  return atomically(db, async (trx) => {
    // Two adds at once take turns, so neither can slip past the limit.
    await holdSettingsRow(trx, userId, now);
    const present = await trx
      .selectFrom('dictionary_words')
      .select('word')
      .where('user_id', '=', userId)
      .where('word', '=', word)
      .executeTakeFirst();
    if (present) return 'present';
    const { count } = await trx
      .selectFrom('dictionary_words')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    if (Number(count) >= MAX_DICTIONARY_WORDS) return 'full';
    await trx
      .insertInto('dictionary_words')
      .values({ user_id: userId, word, time_added: now })
      .execute();
    return 'added';
  });
}

/** Forgets `word`; false when the account did not have it. */
export async function removeDictionaryWord(db: Db, userId: string, word: string): Promise<boolean> {
  const result = await db
    .deleteFrom('dictionary_words')
    .where('user_id', '=', userId)
    .where('word', '=', word)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
