/** Files picked with the Attach button, for the open editor to upload at its cursor. */
type Listener = (files: File[]) => void;

let listener: Listener | undefined;

/** The open editor listens; a newer editor replaces an older one. Returns `stop`. */
export function onAttachRequest(next: Listener): () => void {
  listener = next;
  return () => {
    if (listener === next) listener = undefined;
  };
}

/** Hands picked files to the open editor; false when no editor takes them (the plain one). */
export function requestAttach(files: File[]): boolean {
  if (!listener || files.length === 0) return false;
  listener(files);
  return true;
}
