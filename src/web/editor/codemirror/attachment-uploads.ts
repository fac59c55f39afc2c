import { type EditorState, Facet, StateEffect, StateField } from '@codemirror/state';
import { Decoration, EditorView, WidgetType } from '@codemirror/view';
import { attachmentSupport } from '../../attachments/attachment-access.js';
import { referenceTo } from '../../attachments/attachment-reference.js';
import { forgetUpload, keepUpload } from '../../attachments/kept-uploads.js';
import { placeLateReference, reportLateRefusal } from '../../attachments/late-references.js';
import { UploadRefused, uploadAttachment } from '../../attachments/upload-attachment.js';
import { fileDropGuard } from './file-drop-guard.js';

/** A file on its way to the server, shown where its reference will go. */
interface PendingUpload {
  id: number;
  pos: number;
  name: string;
  /** Share sent, 0 to 1. */
  progress: number;
  /** Why it stopped, when it did. */
  failed?: string;
  /** More files came in the same paste or drop: each reference gets a line of its own. */
  ownLine: boolean;
}

/** The note an editor state shows, so an upload knows where its reference belongs. */
export const noteOfState = Facet.define<string, string>({ combine: (ids) => ids[0] ?? '' });

const added = StateEffect.define<PendingUpload>();
const changed = StateEffect.define<Pick<PendingUpload, 'id'> & Partial<PendingUpload>>();
const removed = StateEffect.define<number>();

/** The files being uploaded in this note; their places move with the text around them. */
const pendingUploads = StateField.define<PendingUpload[]>({
  create: () => [],
  update(uploads, transaction) {
    let next = transaction.docChanged
      ? uploads.map((upload) => ({ ...upload, pos: transaction.changes.mapPos(upload.pos, -1) }))
      : uploads;
    for (const effect of transaction.effects) {
      if (effect.is(added)) next = [...next, effect.value];
      if (effect.is(changed)) {
        next = next.map((upload) =>
          upload.id === effect.value.id ? { ...upload, ...effect.value } : upload,
        );
      }
      if (effect.is(removed)) next = next.filter((upload) => upload.id !== effect.value);
    }
    return next;
  },
  provide: (field) =>
    EditorView.decorations.compute([field], (state) =>
      Decoration.set(
        state
          .field(field)
          .map((upload) =>
            Decoration.widget({ widget: new UploadWidget(upload), side: -1 }).range(upload.pos),
          ),
        true,
      ),
    ),
});

/**
 * The file, the means to stop each upload, and the key it is kept under on the device, by id
 * (widgets are redrawn as they progress).
 */
const tasks = new Map<number, { file: File; stop: AbortController; key: string }>();
/** Uploads whose note left the editor, with where their reference was to go. */
const setAside = new Map<
  number,
  { noteId: string; pos: number; before: string; ownLine: boolean }
>();
/** The text before an upload's place that finds it again in a note changed meanwhile. */
const CONTEXT_CHARS = 64;
const WAITING = 'waiting for the connection, then it uploads';
const UNREACHABLE = 'not uploaded: no answer from the server';
let nextId = 1;

function find(state: EditorState, id: number): PendingUpload | undefined {
  return state.field(pendingUploads, false)?.find((upload) => upload.id === id);
}

function send(view: EditorView, id: number, file: File, key: string): void {
  const stop = new AbortController();
  tasks.set(id, { file, stop, key });
  let shown = 0;
  uploadAttachment(file, file.name, {
    signal: stop.signal,
    onProgress(share) {
      // Redrawn at whole percents, not on every progress event.
      if (Math.floor(share * 100) === shown || !find(view.state, id)) return;
      shown = Math.floor(share * 100);
      view.dispatch({ effects: changed.of({ id, progress: share }) });
    },
  }).then(
    (attachment) => {
      tasks.delete(id);
      forgetUpload(key);
      const upload = find(view.state, id);
      const aside = setAside.get(id);
      setAside.delete(id);
      if (!upload) {
        // Its note left the editor meanwhile: the app puts the reference into it.
        if (aside) {
          const reference = referenceTo(attachment) + (aside.ownLine ? '\n' : '');
          placeLateReference({
            noteId: aside.noteId,
            reference,
            pos: aside.pos,
            before: aside.before,
          });
        }
        return;
      }
      const reference = referenceTo(attachment) + (upload.ownLine ? '\n' : '');
      // A cursor still where the file went in moves past it, as after any paste; one the
      // person moved stays where they put it.
      const { main } = view.state.selection;
      const waiting = view.state.selection.ranges.length === 1 && main.empty;
      view.dispatch({
        changes: { from: upload.pos, insert: reference },
        ...(waiting && main.head === upload.pos
          ? { selection: { anchor: upload.pos + reference.length } }
          : {}),
        effects: removed.of(id),
        userEvent: 'input.attachment',
      });
    },
    (error: unknown) => {
      const aside = setAside.has(id);
      if (stop.signal.aborted || (!aside && !find(view.state, id))) return;
      if (error instanceof UploadRefused) {
        if (aside) {
          setAside.delete(id);
          // Signed out: kept on the device, the next sign-in sends it (as for a reloaded page).
          if (error.code === 'unauthorized') return;
          forgetUpload(key);
          // No placeholder is left to say why: its note is no longer in the editor.
          const told = reportLateRefusal({ name: file.name, reason: error.message });
          if (!told) console.error(error);
        } else {
          forgetUpload(key);
          view.dispatch({ effects: changed.of({ id, failed: error.message }) });
        }
        return;
      }
      // No answer: offline, the file waits; either way it goes by itself once the browser
      // comes online again, and Retry is there meanwhile.
      const failed = navigator.onLine ? UNREACHABLE : WAITING;
      if (!aside) view.dispatch({ effects: changed.of({ id, failed }) });
      const again = () => {
        const stillWaiting = setAside.has(id) || find(view.state, id)?.failed === failed;
        if (tasks.get(id)?.stop === stop && stillWaiting) retry(view, id);
      };
      window.addEventListener('online', again, { once: true });
    },
  );
}

function cancel(view: EditorView, id: number): void {
  const task = tasks.get(id);
  task?.stop.abort();
  if (task) forgetUpload(task.key);
  tasks.delete(id);
  view.dispatch({ effects: removed.of(id) });
}

function retry(view: EditorView, id: number): void {
  const task = tasks.get(id);
  if (!task) return;
  if (find(view.state, id)) {
    view.dispatch({ effects: changed.of({ id, failed: undefined, progress: 0 }) });
  }
  send(view, id, task.file, task.key);
}

/**
 * The uploads of a state whose note is leaving the editor go on by themselves; each reference
 * then goes into its note where it was to go.
 */
export function setAsideUploads(state: EditorState): void {
  const noteId = state.facet(noteOfState);
  for (const upload of state.field(pendingUploads, false) ?? []) {
    // One the server refused goes no further: it was never going to have a reference.
    if (upload.failed && upload.failed !== WAITING && upload.failed !== UNREACHABLE) continue;
    const before = state.doc.sliceString(Math.max(0, upload.pos - CONTEXT_CHARS), upload.pos);
    const { pos, ownLine, name } = upload;
    setAside.set(upload.id, { noteId, pos, before, ownLine });
    const task = tasks.get(upload.id);
    if (task) keepUpload({ key: task.key, noteId, pos, before, ownLine, name, file: task.file });
  }
}

/** Starts uploading files at `pos`: a placeholder for each, then its reference. */
export function uploadFiles(view: EditorView, files: readonly File[], pos: number): void {
  const ownLine = files.length > 1;
  for (const file of files) {
    const id = nextId++;
    const name = file.name || 'pasted file';
    view.dispatch({ effects: added.of({ id, pos, name, progress: 0, ownLine }) });
    const named = new File([file], name, { type: file.type });
    // Kept on the device until it gets there, so a reload or a closed tab does not lose it.
    const key = crypto.randomUUID();
    const { state } = view;
    const before = state.doc.sliceString(Math.max(0, pos - CONTEXT_CHARS), pos);
    keepUpload({ key, noteId: state.facet(noteOfState), pos, before, ownLine, name, file: named });
    send(view, id, named, key);
  }
}

class UploadWidget extends WidgetType {
  constructor(readonly upload: PendingUpload) {
    super();
  }

  override eq(other: UploadWidget) {
    const [a, b] = [this.upload, other.upload];
    return (
      a.id === b.id &&
      a.failed === b.failed &&
      Math.floor(a.progress * 100) === Math.floor(b.progress * 100)
    );
  }

  toDOM(view: EditorView) {
    const { id, name, progress, failed } = this.upload;
    const box = document.createElement('span');
    box.className = `cm-upload${failed ? ' cm-upload--failed' : ''}`;
    box.setAttribute('role', 'status');
    const label = document.createElement('span');
    label.className = 'cm-upload__label';
    label.textContent = failed
      ? `${name}: ${failed}`
      : `Uploading ${name}… ${Math.floor(progress * 100)}%`;
    box.append(label);
    if (!failed) {
      const bar = document.createElement('progress');
      bar.max = 1;
      bar.value = progress;
      bar.setAttribute('aria-label', `Uploading ${name}`);
      box.append(bar);
    }
    const button = (text: string, action: () => void) => {
      const element = document.createElement('button');
      element.type = 'button';
      element.className = 'cm-upload__button';
      element.textContent = text;
      element.addEventListener('mousedown', (event) => event.preventDefault());
      element.addEventListener('click', (event) => {
        event.preventDefault();
        action();
      });
      return element;
    };
    if (failed) box.append(button('Retry', () => retry(view, id)));
    box.append(button('Cancel', () => cancel(view, id)));
    return box;
  }

  override ignoreEvent() {
    return true;
  }
}

function filesOf(data: DataTransfer | null): File[] {
  return data ? [...data.files] : [];
}

const uploadOnPasteAndDrop = EditorView.domEventHandlers({
  paste(event, view) {
    const files = filesOf(event.clipboardData);
    if (files.length === 0 || !attachmentSupport.available) return false;
    event.preventDefault();
    uploadFiles(view, files, view.state.selection.main.head);
    return true;
  },
  drop(event, view) {
    const files = filesOf(event.dataTransfer);
    if (files.length === 0 || !attachmentSupport.available) return false;
    event.preventDefault();
    const pos =
      view.posAtCoords({ x: event.clientX, y: event.clientY }) ?? view.state.selection.main.head;
    uploadFiles(view, files, pos);
    return true;
  },
});

const uploadTheme = EditorView.baseTheme({
  '.cm-upload': {
    display: 'inline-flex',
    alignItems: 'center',
    gap: '0.5em',
    padding: '0 0.5em',
    borderRadius: '4px',
    border: '1px dashed currentColor',
    fontSize: '0.9em',
  },
  '.cm-upload--failed': { borderStyle: 'solid', color: 'var(--danger, #b3261e)' },
  '.cm-upload progress': { width: '6em' },
  '.cm-upload__button': { font: 'inherit', cursor: 'pointer' },
});

/**
 * Pasting, dropping or picking files uploads them when the server takes attachments; where it
 * does not (ATTACHMENTS=false), the guard refuses files and nothing is sent
 * (docs/interface.md#the-note-pane).
 */
export const attachmentUploads = [pendingUploads, uploadOnPasteAndDrop, uploadTheme, fileDropGuard];
