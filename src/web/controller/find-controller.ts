import type { NoteId } from '../../shared/note.js';
import { SEARCH_QUERY_MAX_LENGTH } from '../../shared/search-limits.js';
import { isSessionExpired } from '../api/api-errors.js';
import { NetworkError } from '../api/http-client.js';
import type { SearchCall } from '../api/search-api.js';
import { offlineTitleHits } from '../find/offline-title-hits.js';
import type { FindDialog } from '../state/find-state.js';
import type { AppStore } from '../state/store.js';

export interface FindControllerDeps {
  store: AppStore;
  search: SearchCall;
  onSessionExpired(): void;
}

/** Typing pauses shorter than this send one request, not one per key. */
const TYPING_PAUSE_MS = 60;
/** Notes changed while results are shown are searched again after this quiet time. */
const REFRESH_PAUSE_MS = 300;

/**
 * Search as you type: one request in flight at a time, an outdated one is cancelled, and the
 * results are asked again when notes change, so they stay current.
 */
export class FindController {
  private readonly deps: FindControllerDeps;
  private inFlight: AbortController | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(deps: FindControllerDeps) {
    this.deps = deps;
    let notes = deps.store.getState().notes;
    deps.store.subscribe(() => {
      const state = deps.store.getState();
      if (state.notes === notes) return;
      notes = state.notes;
      if (state.find.searchText.trim() !== '') this.schedule(REFRESH_PAUSE_MS);
    });
  }

  search(text: string): void {
    this.deps.store.dispatch({ type: 'searchTyped', text });
    if (text.trim() === '') this.cancel();
    else this.schedule(TYPING_PAUSE_MS);
  }

  filterByTag(tag: string | null): void {
    this.deps.store.dispatch({ type: 'tagFiltered', tag });
  }

  togglePreview(open?: boolean): void {
    this.deps.store.dispatch(
      open === undefined ? { type: 'previewToggled' } : { type: 'previewToggled', open },
    );
  }

  openDialog(dialog: FindDialog | null): void {
    this.deps.store.dispatch({ type: 'dialogOpened', dialog });
  }

  /** Opens a note from the quick switcher: the list shows it, so no filter may hide it. */
  open(id: NoteId): void {
    this.deps.store.dispatch({ type: 'dialogOpened', dialog: null });
    this.deps.store.dispatch({ type: 'noteSelected', id });
  }

  /**
   * The notes whose text holds `title` as a phrase, best first, as the server's search finds
   * them; undefined when the server cannot be reached.
   */
  async mentionsOf(title: string, signal: AbortSignal): Promise<NoteId[] | undefined> {
    const { token } = this.deps.store.getState();
    const phrase = title.replace(/"/g, ' ').trim();
    if (phrase === '' || token === '') return [];
    const query = `"${phrase}"`.slice(0, SEARCH_QUERY_MAX_LENGTH);
    try {
      const results = await this.deps.search(token, query, signal);
      return results.map(({ note }) => note.id);
    } catch (error) {
      if (isSessionExpired(error)) this.deps.onSessionExpired();
      else if (!(error instanceof NetworkError) && !signal.aborted) console.error(error);
      return undefined;
    }
  }

  private cancel(): void {
    clearTimeout(this.timer);
    this.inFlight?.abort();
    this.inFlight = null;
  }

  private schedule(delayMs: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.run(), delayMs);
  }

  private async run(): Promise<void> {
    const { token, find } = this.deps.store.getState();
    const text = find.searchText.slice(0, SEARCH_QUERY_MAX_LENGTH);
    if (text.trim() === '' || token === '') return;
    this.inFlight?.abort();
    const request = new AbortController();
    this.inFlight = request;
    try {
      const results = await this.deps.search(token, text, request.signal);
      if (request.signal.aborted) return;
      const hits = results.map(({ note, snippet }) => ({ id: note.id, snippet }));
      this.deps.store.dispatch({ type: 'searchAnswered', text: find.searchText, hits });
    } catch (error) {
      if (request.signal.aborted) return;
      if (isSessionExpired(error)) this.deps.onSessionExpired();
      else if (error instanceof NetworkError) {
        // Offline: the titles of the notes kept on this device still answer.
        const hits = offlineTitleHits(this.deps.store.getState(), text);
        this.deps.store.dispatch({ type: 'searchAnswered', text: find.searchText, hits });
      }
    } finally {
      if (this.inFlight === request) this.inFlight = null;
    }
  }
}
