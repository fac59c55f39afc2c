import type { Note } from '../../shared/note.js';
import { isNote } from './note-guard.js';

const LIST_START = '{"results":[';

/**
 * The first `count` notes of a `{"results":[…]}` list as its bytes arrive, without waiting for
 * the rest: the list comes newest first, so its start is the top of the screen. Reading stops
 * (and the stream is cancelled) once they are in, or at anything it does not expect, with the
 * notes found so far; the whole list is still parsed from its own copy of the answer.
 */
export async function readListTop(
  body: ReadableStream<Uint8Array>,
  count: number,
): Promise<Note[]> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const scanner = new ObjectScanner();
  const notes: Note[] = [];
  let text = '';
  try {
    while (notes.length < count) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
      if (text.length < LIST_START.length) continue;
      if (!text.startsWith(LIST_START)) break;
      for (const object of scanner.objects(text, LIST_START.length)) {
        const note: unknown = JSON.parse(object);
        if (isNote(note)) notes.push(note);
      }
      if (scanner.ended) break;
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
  return notes.slice(0, count);
}

/**
 * Finds the whole JSON objects of an array as its text grows: tracks strings and nesting, so a
 * `}` inside a note's body is only text. Each call picks up where the last one stopped.
 */
class ObjectScanner {
  private at = -1;
  private depth = 0;
  private inString = false;
  private escaped = false;
  private start = 0;
  /** The array closed, or something other than objects and commas was found in it. */
  ended = false;

  *objects(text: string, from: number): Generator<string> {
    if (this.at < 0) this.at = from;
    for (; this.at < text.length && !this.ended; this.at += 1) {
      const char = text[this.at];
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (char === '\\') this.escaped = true;
        else if (char === '"') this.inString = false;
      } else if (char === '"') {
        this.inString = true;
      } else if (char === '{' || char === '[') {
        if (this.depth === 0) this.start = this.at;
        if (this.depth === 0 && char === '[') this.ended = true;
        this.depth += 1;
      } else if (char === '}' || char === ']') {
        if (this.depth === 0) this.ended = true;
        else if (--this.depth === 0) yield text.slice(this.start, this.at + 1);
      } else if (this.depth === 0 && char !== ',' && !/\s/.test(char ?? '')) {
        this.ended = true;
      }
    }
  }
}
