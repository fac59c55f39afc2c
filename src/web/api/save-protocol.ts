import { NoteRequestError } from './api-errors.js';
import { requestLimits } from './http-client.js';
import { type NoteEdit, putNote, type SaveAnswer } from './note-save.js';

/** A save the page hands to the save worker: everything the request needs, nothing shared. */
export interface SaveRequest {
  id: number;
  token: string;
  edit: NoteEdit;
  headers: Readonly<Record<string, string>>;
  maxBodyBytes: number;
}

/** The worker's answer: the stored note, or the failure as the page raises it. */
export type SaveReply =
  | { id: number; answer: SaveAnswer }
  | { id: number; failure: { status: number | null; code: string | undefined; message: string } };

/** Runs one save where it is called (in the worker): stringify, send, parse the answer. */
export async function answerSave(request: SaveRequest): Promise<SaveReply> {
  requestLimits.maxBodyBytes = request.maxBodyBytes;
  try {
    return { id: request.id, answer: await putNote(request.token, request.edit, request.headers) };
  } catch (error) {
    const status = error instanceof NoteRequestError ? error.status : null;
    const code = error instanceof NoteRequestError ? error.code : undefined;
    return { id: request.id, failure: { status, code, message: String(error) } };
  }
}

/** The page's side of a reply: the answer, or the same error a save on the page would raise. */
export function settleReply(reply: SaveReply): SaveAnswer {
  if ('answer' in reply) return reply.answer;
  const { status, code, message } = reply.failure;
  throw new NoteRequestError(status, new Error(message), code);
}
