import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import {
  dictionaryWord,
  MAX_DICTIONARY_WORD_LENGTH,
  MAX_DICTIONARY_WORDS,
} from '../../shared/spelling.js';
import type { Authenticated } from '../accounts/require-session.js';
import type { Db } from '../db/schema.js';
import { conflict, invalidInput, notFound } from '../domain-errors.js';
import {
  DictionaryWordRequest,
  SpellingSettingsResponse,
  SpellLanguageRequest,
} from '../http/schemas/spelling.js';
import {
  addDictionaryWord,
  chooseSpellLanguage,
  readSpellingSettings,
  removeDictionaryWord,
} from './spelling-repository.js';

export interface SpellingRoutesOptions {
  db: Db;
  authenticated: Authenticated;
  /** Unix seconds. */
  clock: () => number;
}

function checkedWord(input: string): string {
  const word = dictionaryWord(input);
  if (word === null) {
    throw invalidInput(
      `A dictionary word is one word of letters or digits, at most ${MAX_DICTIONARY_WORD_LENGTH} characters`,
    );
  }
  return word;
}

/**
 * The account's spelling settings, the same on every device: the language the editor checks
 * and the words added to its dictionary. Every answer is the whole settings.
 */
export function registerSpellingRoutes(app: FastifyInstance, options: SpellingRoutesOptions) {
  const { db, authenticated, clock } = options;
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const answer = { 200: SpellingSettingsResponse };

  api.get(
    '/api/account/spelling',
    { preHandler: authenticated('session'), schema: { response: answer } },
    (request) => readSpellingSettings(db, request.session.userId),
  );

  api.put(
    '/api/account/spelling/language',
    {
      preHandler: authenticated('session'),
      schema: { body: SpellLanguageRequest, response: answer },
    },
    async (request) => {
      const { userId } = request.session;
      await chooseSpellLanguage(db, userId, request.body.language, clock());
      return readSpellingSettings(db, userId);
    },
  );

  api.post(
    '/api/account/spelling/words',
    {
      preHandler: authenticated('session'),
      schema: { body: DictionaryWordRequest, response: answer },
    },
    async (request) => {
      const { userId } = request.session;
      const word = checkedWord(request.body.word);
      if ((await addDictionaryWord(db, userId, word, clock())) === 'full') {
        throw conflict(
          `The dictionary holds ${MAX_DICTIONARY_WORDS} words, as many as it may: remove one first`,
        );
      }
      return readSpellingSettings(db, userId);
    },
  );

  api.delete(
    '/api/account/spelling/words',
    {
      preHandler: authenticated('session'),
      schema: { body: DictionaryWordRequest, response: answer },
    },
    async (request) => {
      const { userId } = request.session;
      const word = checkedWord(request.body.word);
      if (!(await removeDictionaryWord(db, userId, word))) {
        throw notFound('That word is not in the dictionary');
      }
      return readSpellingSettings(db, userId);
    },
  );
}
