import type { NoteId } from '../../shared/note.js';
import { backoffDelay } from '../api/backoff.js';
import type { LiveSocketHandlers } from '../api/live-socket.js';
import type { QuireApi } from '../api/quire-api.js';
import { assertCredentials } from '../session/credentials.js';
import type { TokenStorage } from '../session/token-storage.js';
import type { Notice } from '../state/app-state.js';
import { type AppStore, createAppStore } from '../state/store.js';
import { NotesController } from './notes-controller.js';
import { NoticeTimer } from './notices.js';

/** An open live connection, as the controller sees it. */
export interface LiveConnection {
  stop(): void;
  reconnectNow(): void;
}

export interface AppControllerDeps {
  api: QuireApi;
  tokenStorage: TokenStorage;
  connectLive(token: string, handlers: LiveSocketHandlers): LiveConnection;
  store?: AppStore;
}

const STARTUP_RETRY = { baseMs: 1_000, maxMs: 15_000 };
const LOGOUT_SAVE_WAIT_MS = 3_000;

/**
 * Everything the screens can ask for. This part owns the session (start-up, log in and out,
 * the live socket); the notes themselves are the NotesController's.
 */
export class AppController {
  readonly store: AppStore;
  private readonly deps: AppControllerDeps;
  private readonly notes: NotesController;
  private readonly notices: NoticeTimer;
  private live: LiveConnection | null = null;
  private startupAttempt = 0;

  constructor(deps: AppControllerDeps) {
    this.deps = deps;
    this.store = deps.store ?? createAppStore();
    this.notices = new NoticeTimer(this.store);
    this.notes = new NotesController({
      api: deps.api,
      store: this.store,
      notices: this.notices,
      onSessionExpired: () => this.sessionEnded(),
    });
  }

  /** Start-up (spec §4.1): check a stored token; keep it and retry while the server is away. */
  async start(): Promise<void> {
    const token = this.deps.tokenStorage.read();
    if (!token) {
      this.store.dispatch({ type: 'startupFinished' });
      return;
    }
    try {
      const check = await this.deps.api.checkToken(token);
      if (!check.valid) {
        this.deps.tokenStorage.clear();
        this.store.dispatch({ type: 'startupFinished' });
        return;
      }
      this.enterSession(token, check.email);
    } catch {
      this.store.dispatch({ type: 'startupUnreachable' });
      const delay = backoffDelay(this.startupAttempt++, STARTUP_RETRY);
      setTimeout(() => void this.start(), delay);
    }
  }

  /** Log In (spec §4.2); raises the missing-field error, and the server's refusal for the form. */
  async logIn(username: string, password: string): Promise<void> {
    assertCredentials(username, password);
    const token = await this.deps.api.logIn(username, password);
    this.deps.tokenStorage.write(token);
    this.enterSession(token, username.trim());
  }

  async signUp(username: string, password: string): Promise<void> {
    assertCredentials(username, password);
    const token = await this.deps.api.signUp(username, password);
    this.deps.tokenStorage.write(token);
    this.enterSession(token, username.trim());
  }

  fetchSignupOpen(): Promise<boolean> {
    return this.deps.api.fetchSignupOpen();
  }

  /** Log out: give pending saves a moment, revoke the session, forget everything local. */
  async logOut(): Promise<void> {
    const token = this.store.getState().token;
    await this.notes.waitForSaves(LOGOUT_SAVE_WAIT_MS);
    this.leaveSession();
    await this.deps.api.logOut(token).catch(() => undefined);
  }

  hasUnsavedEdits(): boolean {
    return this.notes.hasUnsaved();
  }

  createNote(): Promise<void> {
    return this.notes.create();
  }

  deleteNote(id: NoteId): Promise<void> {
    return this.notes.delete(id);
  }

  editNote(id: NoteId, text: string): void {
    this.notes.edit(id, text);
  }

  selectNote(id: NoteId): void {
    this.store.dispatch({ type: 'noteSelected', id });
  }

  clearSelection(): void {
    this.store.dispatch({ type: 'selectionCleared' });
  }

  toggleMenu(open?: boolean): void {
    this.store.dispatch(
      open === undefined ? { type: 'menuToggled' } : { type: 'menuToggled', open },
    );
  }

  /** The browser is back online: do not wait for the next backoff step. */
  connectionRestored(): void {
    this.live?.reconnectNow();
    this.notes.retrySaves();
  }

  showNotice(text: string, tone: Notice['tone'] = 'error'): void {
    this.notices.show(text, tone);
  }

  dismissNotice(id: number): void {
    this.notices.dismiss(id);
  }

  private enterSession(token: string, email: string): void {
    this.notes.reset();
    this.startupAttempt = 0;
    this.store.dispatch({ type: 'loggedIn', token, email });
    void this.notes.refresh();
    this.live?.stop();
    this.live = this.deps.connectLive(token, {
      // Whatever happened while the socket was away is fetched again.
      onReady: () => {
        void this.notes.refresh();
        this.notes.retrySaves();
      },
      onUpdate: (note) => this.notes.liveUpdate(note),
      onDelete: (id) => this.notes.removed(id),
      onUnauthorized: () => this.sessionEnded(),
    });
  }

  private leaveSession(): void {
    this.notes.reset();
    this.live?.stop();
    this.live = null;
    this.deps.tokenStorage.clear();
    this.store.dispatch({ type: 'loggedOut' });
  }

  /** A 401 or a 4401 close: the session was revoked or expired. */
  private sessionEnded(): void {
    this.leaveSession();
    this.showNotice('Your session has ended. Please log in again.', 'info');
  }
}
