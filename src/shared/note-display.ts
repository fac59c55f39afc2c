import { propertiesBlock } from './note-properties.js';

/** Longest title and preview shown in the notes list (docs/interface.md#title-and-preview). */
export const TITLE_MAX_LENGTH = 100;
export const PREVIEW_MAX_LENGTH = 100;

/** Shown in the list for a note without a title (docs/interface.md#the-notes-list). */
export const UNTITLED_NOTE_TITLE = 'New note ...';

/** Shown for a note without a title where "New note ..." would not fit: share pages, menus. */
export const UNTITLED_TITLE = 'Untitled';

export interface NoteDisplay {
  /** First non-blank line, at most 100 characters; undefined when the body has none. */
  title: string | undefined;
  /** The remaining non-blank lines joined by spaces, at most 100 characters; undefined if empty. */
  preview: string | undefined;
}

const NON_BLANK = /\S/;

/** Truncates by code points so an emoji or other astral character is never cut in half. */
export function truncateCodePoints(text: string, max: number): string {
  if (text.length <= max) return text;
  let count = 0;
  let end = 0;
  for (const char of text) {
    if (count === max) return text.slice(0, end);
    count += 1;
    end += char.length;
  }
  return text;
}

/** Non-blank lines of `body`, read lazily so a 1 MB note costs no more than its first lines. */
export function* nonBlankLines(body: string): Generator<string> {
  const lineBreak = /\r\n|\r|\n/g;
  let start = 0;
  for (;;) {
    const match = lineBreak.exec(body);
    const end = match ? match.index : body.length;
    const line = body.slice(start, end);
    if (NON_BLANK.test(line)) yield line;
    if (!match) return;
    start = match.index + match[0].length;
  }
}

/**
 * Where the name links use is looked for: past any front matter at the top, which names the
 * note by its aliases instead (docs/links.md). The list's title starts at the body's top.
 */
export function titleSearchStart(body: string): number {
  return body.startsWith('---') ? (propertiesBlock(body)?.to ?? 0) : 0;
}

/**
 * A note's title: the first non-blank line from `from` (the body's top, for the list), cut to
 * 100 characters. Every view of a title reads it here; links read it past the front matter.
 */
export function noteTitle(body: string, from = 0): string | undefined {
  const first = nonBlankLines(from === 0 ? body : body.slice(from)).next();
  return first.done ? undefined : truncateCodePoints(first.value, TITLE_MAX_LENGTH);
}

/** A note's title as the app shows it in a list or menu, "New note ..." when it has none. */
export function shownTitle(body: string): string {
  return noteTitle(body) ?? UNTITLED_NOTE_TITLE;
}

/** A note's title on a share page or in a menu, "Untitled" when it has none. */
export function plainTitle(body: string): string {
  return noteTitle(body) ?? UNTITLED_TITLE;
}

/** Derives a note's title and preview line from its body (docs/interface.md#title-and-preview). */
export function noteDisplay(body: string): NoteDisplay {
  const lines = nonBlankLines(body);
  const first = lines.next();
  if (first.done) return { title: undefined, preview: undefined };
  let preview = '';
  for (const line of lines) {
    preview = preview === '' ? line : `${preview} ${line}`;
    if (preview.length > PREVIEW_MAX_LENGTH * 2) break; // enough to fill the preview
  }
  return {
    title: truncateCodePoints(first.value, TITLE_MAX_LENGTH),
    preview: preview === '' ? undefined : truncateCodePoints(preview, PREVIEW_MAX_LENGTH),
  };
}
