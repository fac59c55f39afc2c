import type { Note, NoteId } from '../../shared/note.js';
import type { NoteChangesResponse } from '../../shared/note-changes.js';
import type { NoteDocumentAnswer } from '../../shared/note-document.js';
import type { TrashedNote, VersionSummary } from '../../shared/note-history.js';
import type { RenameLinksRequest, RenameLinksResponse } from '../../shared/rename-links-request.js';
import * as history from './history-api.js';
import * as notes from './notes-api.js';
import { renameLinks } from './rename-links-api.js';
import * as session from './session-api.js';
import * as trash from './trash-api.js';

/** Every server call the client makes, as one replaceable object (tests pass a fake). */
export interface QuireApi {
  checkToken(token: string): Promise<session.TokenCheck>;
  logIn(username: string, password: string, totp?: string): Promise<string>;
  unlockSecondFactor(username: string, password: string, recoveryCode: string): Promise<string>;
  signUp(username: string, password: string): Promise<string>;
  redeemSignInCode(code?: string): Promise<string>;
  logOut(token: string): Promise<void>;
  fetchSignup(): Promise<session.SignupState>;
  fetchNoteList(
    token: string,
    etag?: string | null,
    onTop?: (notes: Note[]) => void,
  ): Promise<notes.NoteListAnswer>;
  fetchNoteChanges(token: string, since: string): Promise<NoteChangesResponse>;
  createNote(token: string, id?: NoteId): Promise<Note>;
  updateNote(token: string, edit: notes.NoteEdit): Promise<notes.SaveAnswer>;
  deleteNote(token: string, id: NoteId): Promise<void>;
  fetchDocument(
    token: string,
    id: NoteId,
    asked?: { since?: number; at?: number; vector?: Uint8Array },
  ): Promise<NoteDocumentAnswer>;
  fetchVersions(token: string, id: NoteId): Promise<VersionSummary[]>;
  fetchVersion(token: string, id: NoteId, revision: number): Promise<Note>;
  restoreVersion(token: string, id: NoteId, revision: number): Promise<Note>;
  renameLinks(token: string, id: NoteId, request: RenameLinksRequest): Promise<RenameLinksResponse>;
  fetchTrash(token: string): Promise<TrashedNote[]>;
  restoreFromTrash(token: string, id: NoteId): Promise<Note>;
  purgeFromTrash(token: string, id: NoteId): Promise<void>;
  emptyTrash(token: string): Promise<void>;
}

export const httpQuireApi: QuireApi = {
  checkToken: session.checkToken,
  logIn: session.logIn,
  unlockSecondFactor: session.unlockSecondFactor,
  signUp: session.signUp,
  redeemSignInCode: session.redeemSignInCode,
  logOut: session.logOut,
  fetchSignup: session.fetchSignup,
  ...notes,
  ...history,
  renameLinks,
  ...trash,
};
