import { writtenTags } from '../../shared/note-tags.js';
import { SPACELESS_SCRIPT_CLASS } from './spaceless-script.js';

// SQLite's word tokenizer reads a line of Chinese or Japanese, written without spaces, as one
// long word. So the index gets such text as single characters and as overlapping pairs of
// characters instead, and a search for `北京` looks for the pair `北京`, `北京市` for the pairs
// `北京 京市` one after the other. ` # ` keeps runs apart: `#` is a token no query asks for.
// Tags written in those scripts (`#北京`) are added whole, as `tag:北京` looks for them.
// PostgreSQL's index holds the same grams and tags, made in SQL (migrations 0016 and 0018).

/** A run of letters of spaceless scripts: what the tokenizer keeps as one word. */
const RUN = new RegExp(`(?:(?=${SPACELESS_SCRIPT_CLASS})[\\p{L}\\p{N}\\p{M}])+`, 'gu');
const SPACELESS = new RegExp(SPACELESS_SCRIPT_CLASS, 'u');
const ONLY_RUN = new RegExp(`^${RUN.source}$`, 'u');
const SEPARATOR = ' # ';

const charactersOf = (run: string) => [...run];

function pairsOf(run: string): string[] {
  const characters = charactersOf(run);
  const pairs: string[] = [];
  for (let i = 0; i + 1 < characters.length; i += 1)
    pairs.push(`${characters[i]}${characters[i + 1]}`);
  return pairs;
}

/**
 * A text as the index reads it: its spaceless runs taken out, and added at the end as their
 * characters and their overlapping pairs. A text without such runs (nearly every Latin note) is
 * returned as it is.
 */
export function indexedText(text: string): string {
  const runs = text.match(RUN);
  if (!runs) return text;
  const characters = runs.map((run) => charactersOf(run).join(' '));
  const pairs = runs.map((run) => pairsOf(run).join(' ')).filter((line) => line !== '');
  const tags = [...new Set(writtenTags(text))].flatMap((tag) =>
    SPACELESS.test(tag) ? [`#${tag}`] : [],
  );
  return `${text.replace(RUN, ' ')}${SEPARATOR}${[...characters, ...pairs, ...tags].join(SEPARATOR)}`;
}

/** How a search finds spaceless text in the index: one FTS5 phrase per run of it. */
export interface SpacelessMatch {
  phrases: string[];
  /** The phrases find exactly the notes holding the text; else the notes must be checked. */
  exact: boolean;
}

/** The phrases (quoted, for an FTS5 query) that a note holding `text` must match. */
export function spacelessMatch(text: string): SpacelessMatch {
  const runs = text.match(RUN) ?? [];
  const phrases = runs.map((run) => {
    const pairs = pairsOf(run);
    return `"${pairs.length > 0 ? pairs.join(' ') : run}"`;
  });
  return { phrases, exact: ONLY_RUN.test(text) };
}

/**
 * The grams a note holding `text` has in PostgreSQL's index: the pairs of each spaceless run, or
 * the run itself when it is one character. That index keeps no order worth trusting (positions
 * stop counting in long notes), so more than one gram only narrows, and the notes are checked.
 */
export function spacelessGrams(text: string): { grams: string[]; exact: boolean } {
  const runs = text.match(RUN) ?? [];
  const grams = new Set(
    runs.flatMap((run) => {
      const pairs = pairsOf(run);
      return pairs.length > 0 ? pairs : [run];
    }),
  );
  return { grams: [...grams], exact: ONLY_RUN.test(text) && charactersOf(text).length <= 2 };
}
