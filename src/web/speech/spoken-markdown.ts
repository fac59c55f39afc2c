import {
  nonBlankLines,
  PREVIEW_MAX_LENGTH,
  TITLE_MAX_LENGTH,
  truncateCodePoints,
  UNTITLED_NOTE_TITLE,
} from '../../shared/note-display.js';

/**
 * Markdown as a screen reader should say it: the words without the marks around them. Only a
 * line's start is read: what is said is short, and the link patterns, which look ahead for their
 * closing bracket from every opening one, stay cheap on a line of brackets.
 */
const SPOKEN_LINE_MAX = 400;

const BLOCK_MARKS = /^\s*(?:>\s*)*(?:#{1,6}\s+|[-*+]\s+|\d{1,9}[.)]\s+)?/;
const TASK = /^\[([ xX])\]\s+/;
const WIKI_LINK = /!?\[\[([^\]|\n]*)(?:\|([^\]\n]*))?\]\]/g;
const LINK = /!?\[([^\]\n]*)\]\([^)\n]*\)/g;
const EMPHASIS = /\*{1,3}|~~|==|`+|(?<=^|\s)_{1,3}|_{1,3}(?=\s|$)/g;

/** A line of a note in words; a task says whether it is done after its text. */
export function spokenLine(line: string): string {
  let words = truncateCodePoints(line, SPOKEN_LINE_MAX).replace(BLOCK_MARKS, '');
  const task = TASK.exec(words);
  if (task) words = words.slice(task[0].length);
  words = words
    .replace(WIKI_LINK, (_all, target: string, shown?: string) => shown || target)
    .replace(LINK, '$1')
    .replace(EMPHASIS, '')
    .trim();
  if (!task) return words;
  return `${words}, ${task[1] === ' ' ? 'not done' : 'done'}`;
}

/**
 * What a note's list item says: its title and preview (docs/interface.md#title-and-preview) in
 * words, the preview after a pause.
 */
export function spokenNote(body: string): string {
  const lines = nonBlankLines(body);
  const first = lines.next();
  if (first.done) return UNTITLED_NOTE_TITLE;
  // A title of marks alone ("---") is said as written.
  const title = truncateCodePoints(spokenLine(first.value) || first.value.trim(), TITLE_MAX_LENGTH);
  let preview = '';
  for (const line of lines) {
    const words = spokenLine(line);
    if (words !== '') preview = preview === '' ? words : `${preview}; ${words}`;
    if (preview.length > PREVIEW_MAX_LENGTH * 2) break;
  }
  if (preview === '') return title;
  return `${title}, ${truncateCodePoints(preview, PREVIEW_MAX_LENGTH)}`;
}
