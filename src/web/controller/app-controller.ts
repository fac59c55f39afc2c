import type { PresenceMessage } from '../../shared/live-message.js';
import type { NoteId } from '../../shared/note.js';
import type { SessionEndReason } from '../../shared/session-end.js';
import type { TextEdit } from '../../shared/text-edits.js';
import { accountApi, type SpellingApi } from '../api/account-api.js';
import { isSessionExpired } from '../api/api-errors.js';
import { backoffDelay } from '../api/backoff.js';
import type { LiveSocketHandlers } from '../api/live-socket.js';
import type { QuireApi } from '../api/quire-api.js';
import { type SearchCall, searchNotes } from '../api/search-api.js';
import type { SignupState } from '../api/session-api.js';
import {
  type KeptUploads,
  keepUploadsIn,
  memoryKeptUploads,
  stopKeepingUploads,
} from '../attachments/kept-uploads.js';
import {
  type LateReference,
  notAttached,
  onLateReference,
  onLateRefusal,
  withLateReference,
} from '../attachments/late-references.js';
import { resumeUpload } from '../attachments/resumed-uploads.js';
import type { DocumentStore } from '../documents/document-store.js';
import type { LocalDocument } from '../documents/local-document.js';
import type { NotePresence } from '../documents/note-presence.js';
import { claimable, type DraftOwners, soleTab } from '../drafts/draft-owners.js';
import type { DraftStore } from '../drafts/draft-store.js';
import { memoryOfflineStore, type OfflineStore } from '../offline/offline-store.js';
import { type AccountStorage, memoryAccountStorage } from '../session/account-storage.js';
import { assertCredentials } from '../session/credentials.js';
import type { SignInHandoff, SignInProblem } from '../session/sign-in-handoff.js';
import type { TokenStorage } from '../session/token-storage.js';
import type { AppView, Notice, UndoAction } from '../state/app-state.js';
import { selectEditorText } from '../state/selectors.js';
import { type AppStore, createAppStore } from '../state/store.js';
import { NoteStarter } from '../templates/note-starter.js';
import { FindController } from './find-controller.js';
import { HistoryController, RESTORE_UNDONE, VERSION_RESTORED } from './history-controller.js';
import { NotesController } from './notes-controller.js';
import { errorNotice, NoticeTimer } from './notices.js';
import { OfflineSession, type TopOfList } from './offline-session.js';
import { RenameWatcher } from './rename-watcher.js';
import { sessionEndedMessage } from './session-ended-message.js';
import { SpellingController } from './spelling-controller.js';
import { TrashController } from './trash-controller.js';

/** An open live connection, as the controller sees it. */
export interface LiveConnection {
  stop(): void;
  reconnectNow(): void;
  /** Sends a message when connected; dropped otherwise (presence is renewed anyway). */
  send?(message: PresenceMessage): void;
}

export interface AppControllerDeps {
  api: QuireApi;
  tokenStorage: TokenStorage;
  connectLive(token: string, handlers: LiveSocketHandlers): LiveConnection;
  /** Notes' documents on this device, with what the server lacks of them. */
  documents: DocumentStore;
  /** Where text typed before a note's document was here waits until it is in it. */
  drafts: DraftStore;
  /** Which tab writes which draft; by default this tab is taken to be the only one. */
  draftOwners?: DraftOwners;
  /** The account's notes and queued changes, kept on this device for use offline. */
  offlineStore?: OfflineStore;
  /** Which account the stored token is for, so Quire can open without the server. */
  accountStorage?: AccountStorage;
  /** Files on their way to the server, kept on this device until they get there. */
  keptUploads?: KeptUploads;
  store?: AppStore;
  search?: SearchCall;
  /** The account's spelling settings: the server's calls, and where this device keeps a copy. */
  spellingApi?: SpellingApi;
  spellingStorage?: Storage;
}

const STARTUP_RETRY = { baseMs: 1_000, maxMs: 15_000 };

/** The notice after a rename changed links elsewhere; its "Undo" points them back. */
export function linksUpdatedNotice(count: number): string {
  return `Updated links in ${count} ${count === 1 ? 'note' : 'notes'}`;
}

/** The notice once those links point at the old title again. */
export const LINKS_PUT_BACK = 'Links put back';
const LOGOUT_SAVE_WAIT_MS = 3_000;

/**
 * Everything the screens can ask for. This part owns the session (start-up, log in and out,
 * the live socket); the notes themselves are the NotesController's.
 */
export class AppController {
  readonly store: AppStore;
  readonly history: HistoryController;
  readonly trash: TrashController;
  readonly offline: OfflineSession;
  /** Search, tag filter, quick switcher, preview and their dialogs. */
  readonly find: FindController;
  /** New notes from templates, and today's note. */
  readonly starter: NoteStarter;
  /** The spell-check language and the account's own words. */
  readonly spelling: SpellingController;
  private readonly deps: AppControllerDeps;
  private readonly notes: NotesController;
  private readonly notices: NoticeTimer;
  private readonly renames: RenameWatcher;
  private live: LiveConnection | null = null;
  private startupAttempt = 0;

  constructor(deps: AppControllerDeps) {
    this.deps = deps;
    this.store = deps.store ?? createAppStore();
    this.notices = new NoticeTimer(this.store);
    this.offline = new OfflineSession(
      this.store,
      deps.offlineStore ?? memoryOfflineStore(),
      deps.accountStorage ?? memoryAccountStorage(),
    );
    this.notes = new NotesController({
      queue: this.offline.queue,
      api: deps.api,
      store: this.store,
      notices: this.notices,
      documents: deps.documents,
      drafts: deps.drafts,
      owners: deps.draftOwners ?? soleTab(),
      onListMarked: (mark) => void this.offline.keepListMark(mark),
      onSessionExpired: () => this.sessionEnded(),
      onTyped: (id, before, after) => this.renames.edited(id, before, after),
      sendPresence: (note, state) =>
        this.live?.send?.({ event: 'presence', payload: { note, state } }),
    });
    this.history = new HistoryController({
      api: deps.api,
      store: this.store,
      onRestored: (note) => this.notes.liveUpdate(note),
    });
    this.trash = new TrashController({
      api: deps.api,
      store: this.store,
      onRestored: (note) => this.notes.restored(note),
    });
    this.starter = new NoteStarter({
      state: () => this.store.getState(),
      create: (text, cursor) => this.createNote(text, cursor),
      select: (id) => this.selectNote(id),
    });
    this.find = new FindController({
      store: this.store,
      search: deps.search ?? searchNotes,
      onSessionExpired: () => this.sessionEnded(),
    });
    this.spelling = new SpellingController({
      api: deps.spellingApi ?? accountApi,
      store: this.store,
      storage: deps.spellingStorage,
      onSessionExpired: () => this.sessionEnded(),
      onFailed: (text) => this.showNotice(text),
    });
    this.renames = new RenameWatcher({
      store: this.store,
      renamed: (id, from, to) => void this.renameLinks(id, from, to),
    });
    onLateReference((late) => void this.placeLateReference(late));
    onLateRefusal(({ name, reason }) => this.showNotice(notAttached(name, reason)));
  }

  /**
   * A file that finished uploading after its note left the editor (or this page) goes into
   * that note, once the notes are here.
   */
  private async placeLateReference(late: LateReference): Promise<void> {
    await this.notesLoaded();
    const state = this.store.getState();
    const note = state.notes.get(late.noteId);
    if (!note) {
      this.showNotice('A file finished uploading after its note was deleted, so it is in no note.');
      return;
    }
    this.notes.edit(late.noteId, withLateReference(selectEditorText(state, note), late));
  }

  /**
   * Start-up (docs/interface.md#startup-and-signing-in): check a stored token; keep it and retry
   * while the server is away. A sign-in handed over in the address (single sign-on, a CLI link) is
   * taken first: its session replaces a stored one, and its failure is said on the Log In screen.
   */
  async start(handoff?: SignInHandoff): Promise<void> {
    // Also learns the server's limits, such as the largest note it stores.
    void this.deps.api.fetchSignup().catch(() => undefined);
    if (handoff) await this.takeHandoff(handoff);
    const token = this.deps.tokenStorage.read();
    if (!token) {
      this.store.dispatch({ type: 'startupFinished' });
      return;
    }
    // The device's copy is read meanwhile: a warm start shows it as soon as the token is good.
    const ahead = this.offline.readAhead();
    try {
      const check = await this.deps.api.checkToken(token);
      if (!check.valid) {
        this.deps.tokenStorage.clear();
        this.store.dispatch({ type: 'startupFinished' });
        return;
      }
      this.enterSession(token, check.email, ahead);
    } catch {
      // Only the server's 401 or 403 ends a session: offline, the last sync shows
      // (docs/interface.md#startup-and-signing-in).
      const email = this.offline.rememberedAccount();
      if (email) {
        this.offline.setOffline(true);
        this.enterSession(token, email, ahead);
        return;
      }
      this.store.dispatch({ type: 'startupUnreachable' });
      const delay = backoffDelay(this.startupAttempt++, STARTUP_RETRY);
      setTimeout(() => void this.start(), delay);
    }
  }

  /**
   * Log In (docs/interface.md#startup-and-signing-in); raises the missing-field error, and the
   * server's refusal for the form. `totp` is the second step's code when the account has two-factor
   * sign-in. Unsaved drafts of the account, kept on the device, are sent once it is in (also after
   * a session ended).
   */
  async logIn(username: string, password: string, totp?: string): Promise<void> {
    assertCredentials(username, password);
    const token = await this.deps.api.logIn(username, password, totp);
    this.deps.tokenStorage.write(token);
    this.enterSession(token, username.trim());
  }

  /** Log In with a recovery code that also lifts a lock wrong two-factor codes put on. */
  async unlockSecondFactor(username: string, password: string, recoveryCode: string) {
    assertCredentials(username, password);
    const token = await this.deps.api.unlockSecondFactor(username, password, recoveryCode);
    this.deps.tokenStorage.write(token);
    this.enterSession(token, username.trim());
  }

  async signUp(username: string, password: string): Promise<void> {
    assertCredentials(username, password);
    const token = await this.deps.api.signUp(username, password);
    this.deps.tokenStorage.write(token);
    this.enterSession(token, username.trim());
  }

  fetchSignup(): Promise<SignupState> {
    return this.deps.api.fetchSignup();
  }

  private signInProblem: SignInProblem | undefined;

  private async takeHandoff(handoff: SignInHandoff): Promise<void> {
    if (handoff.kind === 'failed') {
      this.signInProblem = { reason: handoff.reason };
      return;
    }
    try {
      const code = handoff.kind === 'code' ? handoff.code : undefined;
      this.deps.tokenStorage.write(await this.deps.api.redeemSignInCode(code));
    } catch (error) {
      this.signInProblem = { codeRefused: error };
    }
  }

  /** Why a sign-in handed over at start-up did not work, once, for the Log In screen. */
  takeSignInProblem(): SignInProblem | undefined {
    const problem = this.signInProblem;
    this.signInProblem = undefined;
    return problem;
  }

  /**
   * Log out: give pending saves a moment, revoke the session, forget the session here. Text the
   * server does not have yet stays on this device and is saved at this account's next log-in.
   */
  async logOut(): Promise<void> {
    const token = this.store.getState().token;
    await this.notes.waitForSaves(LOGOUT_SAVE_WAIT_MS);
    this.leaveSession();
    await this.deps.api.logOut(token).catch(() => undefined);
  }

  hasUnsavedEdits(): boolean {
    return this.notes.hasUnsaved();
  }

  /** A new note, selected; `text` is what it starts with, saved as typing is. */
  createNote(text = '', cursor = text.length): Promise<void> {
    return this.notes.create(text, cursor);
  }

  deleteNote(id: NoteId): Promise<void> {
    return this.notes.delete(id);
  }

  /** "Undo" in the notice after a delete. */
  undoDelete(id: NoteId): Promise<void> {
    return this.notes.undoDelete(id);
  }

  /** Makes a past version the note's text; the notice's "Undo" puts back the text it replaced. */
  async restoreVersion(noteId: NoteId, revision: number): Promise<void> {
    const note = await this.history.restore(noteId, revision);
    this.notices.showUndo(VERSION_RESTORED, {
      kind: 'restore',
      noteId,
      revision: note.revision - 1,
    });
  }

  /**
   * A note's title changed here and stood: links to the old title in the other notes follow
   * it, and the notice offers to point them back.
   */
  private async renameLinks(id: NoteId, from: string, to: string): Promise<void> {
    const token = this.store.getState().token;
    try {
      const { count, results } = await this.deps.api.renameLinks(token, id, { from, to });
      if (token !== this.store.getState().token) return;
      for (const note of results) this.notes.liveUpdate(note);
      if (count === 0) return;
      const noteIds = results.map((note) => note.id);
      this.notices.showUndo(linksUpdatedNotice(count), {
        kind: 'links',
        noteId: id,
        from,
        to,
        noteIds,
      });
    } catch (error) {
      this.callFailed(error, `Links to “${from}” were not updated.`);
    }
  }

  /** Points the links a rename changed back at the old title, in the notes it changed. */
  private async putLinksBack(action: UndoAction & { kind: 'links' }): Promise<void> {
    const { noteId, from, to, noteIds } = action;
    const token = this.store.getState().token;
    try {
      const request = { from: to, to: from, only: noteIds };
      const { results } = await this.deps.api.renameLinks(token, noteId, request);
      if (token !== this.store.getState().token) return;
      for (const note of results) this.notes.liveUpdate(note);
      this.showNotice(LINKS_PUT_BACK, 'info');
    } catch (error) {
      this.callFailed(error, 'Could not put the links back.');
    }
  }

  /** A call that failed: a 401 ends the session, anything else is said briefly. */
  private callFailed(error: unknown, message: string): void {
    console.error(error);
    if (isSessionExpired(error)) this.sessionEnded();
    else this.showNotice(errorNotice(message, this.offline.isOffline()));
  }

  /** "Undo" in a notice: takes back the delete, the restore or the links it names. */
  async undo(action: UndoAction): Promise<void> {
    if (action.kind === 'delete') return this.notes.undoDelete(action.noteId);
    if (action.kind === 'links') return this.putLinksBack(action);
    try {
      await this.history.restore(action.noteId, action.revision);
      this.showNotice(RESTORE_UNDONE, 'info');
    } catch (error) {
      console.error(error);
      this.showNotice('Could not undo the restore. Please try again.');
    }
  }

  /**
   * The user changed a note's text where no document is bound (docs/sync.md); `edits` is the
   * change as the editor made it, in the text before it, when known.
   */
  editNote(id: NoteId, text: string, edits?: TextEdit[]): void {
    this.notes.edit(id, text, edits);
  }

  /** The note's document for the editor, once it is here (undefined while it cannot be). */
  openDocument(id: NoteId): Promise<LocalDocument | undefined> {
    return this.notes.openDocument(id);
  }

  /** The note's document, if this page holds it now. */
  documentOf(id: NoteId): LocalDocument | undefined {
    return this.notes.documentOf(id);
  }

  /** Follows documents coming and changing. */
  watchDocuments(watcher: (id: NoteId) => void): () => void {
    return this.notes.watchDocuments(watcher);
  }

  /** This window's presence in a note it shows (for its editor), and its end. */
  presenceOf(id: NoteId): NotePresence | undefined {
    return this.notes.presenceOf(id);
  }

  releasePresence(id: NoteId, presence: NotePresence): void {
    this.notes.releasePresence(id, presence);
  }

  /** The page is going away: other windows stop showing this one's carets. */
  leavePresence(): void {
    this.notes.leavePresence();
  }

  selectNote(id: NoteId): void {
    this.store.dispatch({ type: 'noteSelected', id });
  }

  clearSelection(): void {
    this.store.dispatch({ type: 'selectionCleared' });
  }

  /** The address names a note that is not here: the detail pane says so, with a way back. */
  showMissingNote(id: NoteId): void {
    this.store.dispatch({ type: 'missingNoteAddressed', id });
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

  /** Resolves once the session's notes are loaded (at once when they are). */
  private notesLoaded(): Promise<void> {
    return new Promise((resolve) => {
      const check = () => {
        if (!this.store.getState().notesLoaded) return;
        unsubscribe?.();
        resolve();
      };
      const unsubscribe: (() => void) | undefined = this.store.subscribe(check);
      check();
    });
  }

  /** Files kept by an earlier page of this account (and no live tab) are sent now. */
  private async resumeUploads(account: string): Promise<void> {
    const uploads = this.deps.keptUploads ?? memoryKeptUploads();
    const owners = this.deps.draftOwners ?? soleTab();
    keepUploadsIn(uploads, account, owners.self);
    try {
      const kept = await claimable(await uploads.load(account), owners);
      for (const upload of kept) {
        resumeUpload(upload, (name, error) => this.showNotice(notAttached(name, error.message)));
      }
    } catch (error) {
      console.error(error);
    }
  }

  private enterSession(token: string, email: string, ahead: TopOfList | null = null): void {
    this.notes.reset();
    this.startupAttempt = 0;
    this.store.dispatch({ type: 'loggedIn', token, email });
    this.spelling.start();
    const copy = this.offline.open(email, ahead);
    void this.notes.start(copy);
    void copy.notes.then(() => {
      if (this.offline.queue.size > 0 && !this.offline.isOffline()) void this.notes.sendQueued();
    });
    void this.notes.resumeDrafts();
    void this.resumeUploads(email.toLowerCase());
    this.live?.stop();
    this.live = this.connectLive(token);
  }

  private connectLive(token: string): LiveConnection {
    return this.deps.connectLive(token, {
      // Whatever changed while the socket was away is fetched (since the cursor held).
      // Those changes first: a newer version merges into unsaved text before that is sent.
      // Changes queued offline go before them, so the server already has them.
      onReady: () => {
        this.offline.setOffline(false);
        this.notes.announcePresence();
        void this.spelling.load();
        const queued = this.offline.queue.size > 0 ? this.notes.sendQueued() : null;
        const listed = queued ? queued.then(() => this.notes.resync()) : this.notes.resync();
        void listed.finally(() => this.notes.retrySaves());
      },
      onClosed: () => this.offline.setOffline(true),
      onUpdate: (note, update) => this.notes.liveUpdate(note, update),
      onDelete: (id) => this.notes.removed(id),
      onPresence: (id, state) => this.notes.receivePresence(id, state),
      onUnauthorized: (reason) => this.sessionEnded(reason),
    });
  }

  private leaveSession(): void {
    stopKeepingUploads();
    this.notes.reset();
    this.renames.reset();
    this.live?.stop();
    this.live = null;
    this.deps.tokenStorage.clear();
    void this.offline.close();
    this.store.dispatch({ type: 'loggedOut' });
  }

  /** Shows the Account screen, or the notes again. */
  showView(view: AppView): void {
    this.store.dispatch({ type: 'viewChosen', view });
  }

  /** A call answered that the session is no longer valid. */
  sessionRejected(): void {
    this.sessionEnded();
  }

  /** The account was deleted: nothing of it is kept here either. */
  accountDeleted(): void {
    this.leaveSession();
    this.showNotice('Your account was deleted.', 'info');
  }

  /**
   * A 401 or a 4401 close: the session was revoked or expired. The Log In form shows with the
   * email filled in; unsaved drafts stay on the device and are sent at the account's next log-in.
   */
  private sessionEnded(reason?: SessionEndReason): void {
    if (this.store.getState().sessionEnded) return;
    const unsaved = this.notes.hasUnsaved();
    this.notes.reset();
    this.renames.reset();
    this.live?.stop();
    this.live = null;
    this.deps.tokenStorage.clear();
    void this.offline.close();
    this.store.dispatch({ type: 'sessionEnded' });
    this.showNotice(sessionEndedMessage(reason, unsaved), 'info');
  }
}
