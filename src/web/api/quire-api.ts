import type { Note, NoteId } from '../../shared/note.js';
import * as notes from './notes-api.js';
import * as session from './session-api.js';

/** Every server call the client makes, as one replaceable object (tests pass a fake). */
export interface QuireApi {
  checkToken(token: string): Promise<session.TokenCheck>;
  logIn(username: string, password: string): Promise<string>;
  signUp(username: string, password: string): Promise<string>;
  logOut(token: string): Promise<void>;
  fetchSignupOpen(): Promise<boolean>;
  fetchNotes(token: string): Promise<Note[]>;
  createNote(token: string): Promise<Note>;
  updateNote(token: string, note: Note): Promise<Note>;
  deleteNote(token: string, id: NoteId): Promise<void>;
}

export const httpQuireApi: QuireApi = {
  checkToken: session.checkToken,
  logIn: session.logIn,
  signUp: session.signUp,
  logOut: session.logOut,
  fetchSignupOpen: session.fetchSignupOpen,
  fetchNotes: notes.fetchNotes,
  createNote: notes.createNote,
  updateNote: notes.updateNote,
  deleteNote: notes.deleteNote,
};
