import type { NoteId } from '../../shared/note.js';
import { isLinkableTitle, isRename, RENAME_PAUSE_MS } from '../../shared/rename-links.js';
import { linkKey, linkTitle } from '../../shared/wiki-links.js';
import { selectEditorText } from '../state/selectors.js';
import type { AppStore } from '../state/store.js';

export interface RenameWatcherDeps {
  store: AppStore;
  /** Note `id`, once called `from`, is called `to` now, and the server has that title. */
  renamed(id: NoteId, from: string, to: string): void;
}

/** A title being changed here: what links named it before the change began. */
interface TitleChange {
  from: string;
  timer?: ReturnType<typeof setTimeout>;
}

/** A changed title that has stood, waiting for its save to reach the server. */
interface SaveWait {
  from: string;
  stop(): void;
}

/**
 * The title as typed on the note's first line; none while that line is blank, where the next
 * line would stand in as the title while the user types a new one.
 */
function typedTitle(text: string): string | undefined {
  const end = text.search(/[\r\n]/);
  const firstLine = end === -1 ? text : text.slice(0, end);
  return firstLine.trim() === '' ? undefined : linkTitle(text);
}

const sameName = (a: string | undefined, b: string | undefined) =>
  linkKey(a ?? '') === linkKey(b ?? '');

/**
 * Tells renames from typing: a title typed here ("L", "Li", "Lis"…) is a rename once it has
 * stood for a pause and is saved, and then only from the title it had before the typing began.
 * Titles changed elsewhere are that device's to tell.
 */
export class RenameWatcher {
  private readonly deps: RenameWatcherDeps;
  private readonly changing = new Map<NoteId, TitleChange>();
  private readonly saving = new Map<NoteId, SaveWait>();

  constructor(deps: RenameWatcherDeps) {
    this.deps = deps;
  }

  /** The note's text as shown here, before an edit made here changes it. */
  textBefore(id: NoteId): string | undefined {
    const state = this.deps.store.getState();
    const note = state.notes.get(id);
    return note && selectEditorText(state, note);
  }

  /** An edit made here turned `before` into `after`. */
  edited(id: NoteId, before: string | undefined, after: string): void {
    const was = before === undefined ? undefined : typedTitle(before);
    if (sameName(was, typedTitle(after))) return;
    const waiting = this.saving.get(id);
    waiting?.stop();
    let change = this.changing.get(id);
    if (!change) {
      // The links to follow are those to the title before the typing, or before the wait.
      const from = waiting?.from ?? was;
      if (from === undefined || !isLinkableTitle(from)) return;
      change = { from };
      this.changing.set(id, change);
    }
    clearTimeout(change.timer);
    change.timer = setTimeout(() => this.stood(id), RENAME_PAUSE_MS);
  }

  /** The title has not changed for a pause. */
  private stood(id: NoteId): void {
    const change = this.changing.get(id);
    if (!change) return;
    change.timer = undefined;
    const to = this.textBefore(id);
    const title = to === undefined ? undefined : typedTitle(to);
    // No name links can hold yet (a title cleared to be typed anew): keep waiting for one.
    if (to !== undefined && (title === undefined || !isLinkableTitle(title))) return;
    this.changing.delete(id);
    if (title === undefined || !isRename(change.from, title)) return;
    this.afterSave(id, change.from, title);
  }

  /** Tells of the rename once the server holds the new title. */
  private afterSave(id: NoteId, from: string, to: string): void {
    const { store } = this.deps;
    const check = () => {
      const note = store.getState().notes.get(id);
      if (note && !sameName(linkTitle(note.body), to)) return;
      wait.stop();
      if (note) this.deps.renamed(id, from, to);
    };
    const unsubscribe = store.subscribe(check);
    const wait: SaveWait = {
      from,
      stop: () => {
        unsubscribe();
        if (this.saving.get(id) === wait) this.saving.delete(id);
      },
    };
    this.saving.set(id, wait);
    check();
  }

  /** Forgets every change watched (the session ended). */
  reset(): void {
    for (const change of this.changing.values()) clearTimeout(change.timer);
    this.changing.clear();
    for (const wait of [...this.saving.values()]) wait.stop();
  }
}
