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
 * A file the server refused (too large, past the quota, empty) after its note had left the
 * editor: no placeholder is left to say why, so the app says it in a notice.
 */
export interface LateRefusal {
  name: string;
  reason: string;
}

type RefusalListener = (refusal: LateRefusal) => void;

let refusalListener: RefusalListener | undefined;

/** The app listens for the whole session; returns `stop`. */
export function onLateRefusal(next: RefusalListener): () => void {
  refusalListener = next;
  return () => {
    if (refusalListener === next) refusalListener = undefined;
  };
}

/** Tells the app of a refusal; false when nothing listens. */
export function reportLateRefusal(refusal: LateRefusal): boolean {
  if (!refusalListener) return false;
  refusalListener(refusal);
  return true;
}

/** What the user is told of a file that could not be attached. */
export const notAttached = (name: string, reason: string) =>
  `“${name}” could not be attached: ${reason}`;

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
