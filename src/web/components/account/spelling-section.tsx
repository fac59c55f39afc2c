import { useEffect, useId } from 'react';
import {
  isSpellLanguageChoice,
  SPELL_LANGUAGE_CHOICES,
  SPELL_LANGUAGE_NAMES,
} from '../../../shared/spelling.js';
import { useAppState, useController } from '../../app-context.js';

// Listed as a reader expects (Ångström with the As, capitals among the rest).
const collator = new Intl.Collator(undefined, { sensitivity: 'base' });

/**
 * Spelling: the language the editor checks (or none), and the words "Add to dictionary" kept,
 * each with a way to take it back. Both are the account's, on every device.
 */
export function SpellingSection() {
  const controller = useController();
  const spelling = useAppState((state) => state.spelling);
  const headingId = useId();
  const wordsId = useId();
  // Opening the screen shows what other devices may have changed.
  useEffect(() => void controller.spelling.load(), [controller]);
  return (
    <section className="account-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="account-section__title">
        Spelling
      </h2>
      {!spelling ? (
        <p className="spelling-section__muted">Loading…</p>
      ) : (
        <>
          <label className="field spelling-section__language">
            <span className="field__label">Spell-check language</span>
            <select
              className="field__input"
              value={spelling.language}
              onChange={(event) => {
                const language = event.target.value;
                if (isSpellLanguageChoice(language)) {
                  void controller.spelling.chooseLanguage(language);
                }
              }}
            >
              {SPELL_LANGUAGE_CHOICES.map((choice) => (
                <option key={choice} value={choice}>
                  {SPELL_LANGUAGE_NAMES[choice]}
                </option>
              ))}
            </select>
            <span className="field__hint">The editor checks your notes in this language.</span>
          </label>
          <h3 id={wordsId} className="spelling-section__subtitle">
            Your dictionary
          </h3>
          {spelling.words.length === 0 ? (
            <p className="spelling-section__muted">
              No words yet. Right-click a marked word in a note and choose “Add to dictionary”.
            </p>
          ) : (
            <ul className="dictionary-list" aria-labelledby={wordsId}>
              {[...spelling.words].sort(collator.compare).map((word) => (
                <li key={word} className="dictionary-list__item">
                  <span className="dictionary-list__word">{word}</span>
                  <button
                    className="button button--outline"
                    type="button"
                    aria-label={`Remove “${word}”`}
                    onClick={() => void controller.spelling.removeWord(word)}
                  >
                    Remove
                  </button>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
