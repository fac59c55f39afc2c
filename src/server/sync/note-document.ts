import * as Y from 'yjs';
import { NOTE_DOCUMENT_TEXT } from '../../shared/note-document.js';
import { textEdits } from '../../shared/text-edits.js';
import { invalidInput, missingHistory } from '../domain-errors.js';

/**
 * A note's Yjs document on the server: made, changed and read through Yjs's public API only.
 * Its one text (NOTE_DOCUMENT_TEXT) is the note's body.
 */

export const documentText = (doc: Y.Doc): string => doc.getText(NOTE_DOCUMENT_TEXT).toString();

/**
 * A new empty document. Its guid only names subdocuments, which notes never hold; given one,
 * Yjs skips drawing a random UUID, which costs far more than the rest of making a document.
 */
const newDocument = () => new Y.Doc({ guid: NOTE_DOCUMENT_TEXT });

/** FNV-1a over the revision and the text: the same seed wherever and whenever it is made. */
function seedClient(revision: number, body: string): number {
  let hash = 0x811c9dc5 ^ revision;
  for (let i = 0; i < body.length; i++) {
    hash ^= body.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  // Yjs client ids are unsigned 32-bit; 0 was the seed of every text before, so it is skipped.
  return hash >>> 0 || 1;
}

/** A client id as Yjs draws one: a random unsigned 32-bit number, never `taken`. */
function clientIdBesides(taken: number): number {
  const drawn = new Uint32Array(1);
  do crypto.getRandomValues(drawn);
  while (drawn[0] === taken);
  return drawn[0] as number;
}

/**
 * The document of a note that has never been written through one (stored before documents, or
 * imported): its text at `revision`, typed by a client id drawn from both. Every server makes
 * the very same characters from the same text at the same revision, so a device given this
 * state and a server that later stores it agree on each character's identity. Later writes to
 * the document use a client id of their own.
 */
export function seedDocument(body: string, revision: number): Y.Doc {
  const doc = newDocument();
  doc.clientID = seedClient(revision, body);
  if (body !== '') doc.getText(NOTE_DOCUMENT_TEXT).insert(0, body);
  doc.clientID = clientIdBesides(doc.clientID);
  return doc;
}

/** The state of a note's seed document (`seedDocument`). */
export const seedState = (body: string, revision: number): Uint8Array =>
  Y.encodeStateAsUpdate(seedDocument(body, revision));

/**
 * A document made from a stored state and the updates after it, in order. It writes with a
 * client id of its own (Yjs picks one at random), never one a stored state already uses.
 */
export function documentFrom(updates: readonly Uint8Array[]): Y.Doc {
  const doc = newDocument();
  doc.transact(() => {
    for (const update of updates) if (update.length > 0) Y.applyUpdate(doc, update);
  });
  return doc;
}

/** Runs `change` as one transaction and returns the update it made; empty when it made none. */
export function captureUpdate(doc: Y.Doc, change: () => void): Uint8Array {
  let made: Uint8Array = new Uint8Array();
  const keep = (update: Uint8Array) => {
    made = update;
  };
  doc.on('update', keep);
  try {
    doc.transact(change);
  } finally {
    doc.off('update', keep);
  }
  return made;
}

const REPLACEMENT = '\uFFFD';

function countReplacements(text: string): number {
  let count = 0;
  for (let at = text.indexOf(REPLACEMENT); at !== -1; at = text.indexOf(REPLACEMENT, at + 1)) {
    count++;
  }
  return count;
}

/** The U+FFFD characters an update itself inserts. */
function insertedReplacements(structs: ReturnType<typeof Y.decodeUpdate>['structs']): number {
  let count = 0;
  for (const struct of structs) {
    if (struct instanceof Y.Item && struct.content instanceof Y.ContentString) {
      count += countReplacements(struct.content.str);
    }
  }
  return count;
}

/** Whether the document holds every character and deletion the update names. */
function integratedWhole(doc: Y.Doc, decoded: ReturnType<typeof Y.decodeUpdate>): boolean {
  // What the document holds of each client the update names (not the whole state vector).
  const known = (client: number) => Y.getState(doc.store, client);
  for (const struct of decoded.structs) {
    if (struct instanceof Y.Skip) continue;
    if (known(struct.id.client) < struct.id.clock + struct.length) return false;
  }
  for (const [client, deletions] of decoded.ds.clients) {
    const end = deletions.reduce((most, d) => Math.max(most, d.clock + d.len), 0);
    if (known(client) < end) return false;
  }
  return true;
}

function decodeOrRefuse(update: Uint8Array): ReturnType<typeof Y.decodeUpdate> {
  try {
    return Y.decodeUpdate(update);
  } catch {
    throw invalidInput('The document update cannot be read');
  }
}

/**
 * Applies an update a device made to the document, and returns what it changed (empty when the
 * document had all of it already). Refused, with the document then unfit for further use (the
 * caller drops it): an update that cannot be read, one that splits a character made of two
 * UTF-16 units (Yjs would store U+FFFD in its halves' place), and one that builds on
 * characters this document lacks (`missing_history`: the device must send its whole state).
 */
export function applyDeviceUpdate(doc: Y.Doc, update: Uint8Array, textBefore: string): Uint8Array {
  const decoded = decodeOrRefuse(update);
  let applied: Uint8Array;
  try {
    applied = captureUpdate(doc, () => Y.applyUpdate(doc, update));
  } catch {
    throw invalidInput('The document update does not fit the note');
  }
  if (!integratedWhole(doc, decoded)) throw missingHistory();
  if (applied.length > 0) {
    const added = countReplacements(documentText(doc)) - countReplacements(textBefore);
    if (added > insertedReplacements(decoded.structs)) {
      throw invalidInput('An edit may not fall inside a character made of two UTF-16 units');
    }
  }
  return applied;
}

/**
 * Makes the document's text `body`, changing only what a diff of the two texts finds changed,
 * as the server's own edit; returns the update. The one place a text is turned into edits by
 * guessing: a save from a client that sends text alone.
 */
export function replaceText(doc: Y.Doc, body: string): Uint8Array {
  const edits = textEdits(documentText(doc), body);
  if (edits.length === 0) return new Uint8Array();
  const text = doc.getText(NOTE_DOCUMENT_TEXT);
  return captureUpdate(doc, () => {
    for (const edit of [...edits].reverse()) {
      if (edit.remove > 0) text.delete(edit.at, edit.remove);
      if (edit.insert !== '') text.insert(edit.at, edit.insert);
    }
  });
}

/**
 * Applies a text a client made from an older revision (`base`, the document as it stood then)
 * to the document as it is now: the text's changes are made on a copy of the base, as a device
 * holding it would have made them, and that copy is merged in. Each insertion stays after the
 * character it followed and each deletion removes only the characters it removed, so both
 * sides' words are kept, each side's run whole. Returns the update.
 */
export function mergeTextFromBase(doc: Y.Doc, base: Y.Doc, incoming: string): Uint8Array {
  const fork = documentFrom([Y.encodeStateAsUpdate(base)]);
  const forked = replaceText(fork, incoming);
  if (forked.length === 0) return new Uint8Array();
  const edit = Y.encodeStateAsUpdate(fork, Y.encodeStateVector(base));
  return captureUpdate(doc, () => Y.applyUpdate(doc, edit));
}

/** What `doc` holds that a document with `vector` lacks (all of it without a vector). */
export const missingFrom = (doc: Y.Doc, vector?: Uint8Array): Uint8Array =>
  Y.encodeStateAsUpdate(doc, vector);

/** Whether bytes are a state vector Yjs can read. */
export function isStateVector(bytes: Uint8Array): boolean {
  try {
    Y.decodeStateVector(bytes);
    return true;
  } catch {
    return false;
  }
}
