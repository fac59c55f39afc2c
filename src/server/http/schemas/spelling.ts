import { Type } from '@sinclair/typebox';
import { SPELL_LANGUAGE_CHOICES } from '../../../shared/spelling.js';

/** A `SpellingSettings` (src/shared/spelling.ts). */
export const SpellingSettingsResponse = Type.Object({
  language: Type.String(),
  words: Type.Array(Type.String()),
});

/** `PUT /api/account/spelling/language`. */
export const SpellLanguageRequest = Type.Object(
  { language: Type.Union(SPELL_LANGUAGE_CHOICES.map((choice) => Type.Literal(choice))) },
  { additionalProperties: false },
);

/** `POST` and `DELETE /api/account/spelling/words`; the word itself is checked by the route. */
export const DictionaryWordRequest = Type.Object(
  { word: Type.String({ maxLength: 256 }) },
  { additionalProperties: false },
);
