/**
 * A file whose upload finished after its note had left the editor (another note opened, or
 * the editor closed): its reference still goes into that note, by way of the app.
 */
export interface LateReference {
  noteId: string;
  /** The markdown to insert. */
  reference: string;
  /** Where it was to go when the note left the editor, and the text just before that place. */
  pos: number;
  before: string;
}

type Listener = (late: LateReference) => void;

let listener: Listener | undefined;

/** The app listens for the whole session; returns `stop`. */
export function onLateReference(next: Listener): () => void {
  listener = next;
  return () => {
    if (listener === next) listener = undefined;
  };
}

/** Hands a reference to the app; false when nothing listens. */
export function placeLateReference(late: LateReference): boolean {
  if (!listener) return false;
  listener(late);
  return true;
}

/**
 * `text` with the reference where it was to go: after the text it followed, found where it was
 * or, when the note changed around it, once elsewhere; otherwise at its old offset, or at the end.
 */
export function withLateReference(text: string, late: LateReference): string {
  const { pos, before, reference } = late;
  let at = text.slice(Math.max(0, pos - before.length), pos) === before ? pos : -1;
  if (at < 0 && before !== '') {
    const found = text.indexOf(before);
    if (found >= 0 && text.indexOf(before, found + 1) < 0) at = found + before.length;
  }
  if (at < 0) at = pos <= text.length && before === '' ? pos : text.length;
  const gap = at === text.length && at > 0 && !text.endsWith('\n') && at !== pos ? '\n' : '';
  return text.slice(0, at) + gap + reference + text.slice(at);
}
