import * as Y from 'yjs';
import { editsTurnInto } from '../../shared/exact-edits.js';
import { type TextEdit, textEdits } from '../../shared/text-edits.js';

/** The one text of a note's document: its body. */
const BODY = 'body';
/** The Yjs client id that makes a note's first document from its text, and nothing else. */
const SEED_CLIENT = 0;

/**
 * The update that makes a note's document from its text. Made with a client id of its own, so
 * two servers (or a server twice) making it from the same text make the very same characters.
 */
export function seedUpdate(body: string): Uint8Array {
  const doc = new Y.Doc();
  doc.clientID = SEED_CLIENT;
  if (body !== '') doc.getText(BODY).insert(0, body);
  return Y.encodeStateAsUpdate(doc);
}

/** A document made from a stored state and the updates after it, in order. */
export function documentFrom(updates: readonly Uint8Array[]): Y.Doc {
  const doc = new Y.Doc();
  doc.transact(() => {
    for (const update of updates) if (update.length > 0) Y.applyUpdate(doc, update);
  });
  return doc;
}

export const documentText = (doc: Y.Doc): string => doc.getText(BODY).toString();

/** Runs `change` in one transaction and returns its update; empty when nothing changed. */
function updateOf(doc: Y.Doc, change: (text: Y.Text) => void): Uint8Array {
  let update: Uint8Array = new Uint8Array();
  const keep = (made: Uint8Array) => {
    update = made;
  };
  doc.on('update', keep);
  try {
    doc.transact(() => change(doc.getText(BODY)));
  } finally {
    doc.off('update', keep);
  }
  return update;
}

/**
 * Applies an update from a device; returns whether it changed the document. An update applied
 * before changes nothing; one whose earlier updates are missing waits inside the document.
 */
export function applyDeviceUpdate(doc: Y.Doc, update: Uint8Array): boolean {
  let changed = false;
  const mark = () => {
    changed = true;
  };
  doc.on('update', mark);
  try {
    Y.applyUpdate(doc, update);
  } finally {
    doc.off('update', mark);
  }
  return changed;
}

/** The edits that make `to` from `from`: the device's own when they do, else a diff's. */
function editsBetween(from: string, to: string, made?: readonly TextEdit[]): readonly TextEdit[] {
  return made && editsTurnInto(from, made, to) ? made : textEdits(from, to);
}

/**
 * Makes the document's text `body`, changing only what differs (where `made` says the device
 * changed it, when it does); returns the update.
 */
export function replaceText(doc: Y.Doc, body: string, made?: readonly TextEdit[]): Uint8Array {
  const edits = editsBetween(documentText(doc), body, made);
  if (edits.length === 0) return new Uint8Array();
  return updateOf(doc, (text) => {
    for (const edit of [...edits].reverse()) {
      if (edit.remove > 0) text.delete(edit.at, edit.remove);
      if (edit.insert !== '') text.insert(edit.at, edit.insert);
    }
  });
}

/** A run of characters typed by one device, with consecutive clocks. */
interface Run {
  client: number;
  clock: number;
  length: number;
}

/** The runs of characters a document shows, in order, each with its offset in the text. */
function visibleRuns(doc: Y.Doc): (Run & { offset: number })[] {
  const runs: (Run & { offset: number })[] = [];
  let offset = 0;
  for (let item = doc.getText(BODY)._start; item; item = item.right) {
    if (item.deleted || !item.countable) continue;
    runs.push({ client: item.id.client, clock: item.id.clock, length: item.length, offset });
    offset += item.length;
  }
  return runs;
}

/** The characters at `from`…`to` of a text, as runs of ids. */
function runsBetween(runs: (Run & { offset: number })[], from: number, to: number): Run[] {
  const found: Run[] = [];
  for (const run of runs) {
    const start = Math.max(from, run.offset);
    const end = Math.min(to, run.offset + run.length);
    if (start < end) {
      found.push({
        client: run.client,
        clock: run.clock + start - run.offset,
        length: end - start,
      });
    }
  }
  return found;
}

/** Where each device's characters stand in a document now, deleted ones included. */
class CharacterIndex {
  private readonly byClient = new Map<
    number,
    { clock: number; length: number; at: number; shown: boolean }[]
  >();

  constructor(doc: Y.Doc) {
    let at = 0;
    for (let item = doc.getText(BODY)._start; item; item = item.right) {
      const shown = !item.deleted && item.countable;
      const list = this.byClient.get(item.id.client) ?? [];
      list.push({ clock: item.id.clock, length: item.length, at, shown });
      this.byClient.set(item.id.client, list);
      if (shown) at += item.length;
    }
    for (const list of this.byClient.values()) list.sort((a, b) => a.clock - b.clock);
  }

  /** The stretches of the text that the characters of `run` still show, as [at, length]. */
  shownParts(run: Run): [number, number][] {
    const parts: [number, number][] = [];
    for (const entry of this.entriesOf(run.client, run.clock, run.clock + run.length)) {
      if (!entry.shown) continue;
      const start = Math.max(run.clock, entry.clock);
      const end = Math.min(run.clock + run.length, entry.clock + entry.length);
      if (start < end) parts.push([entry.at + start - entry.clock, end - start]);
    }
    return parts;
  }

  /** The offset just after a character, or where it stood if it is deleted. */
  after(client: number, clock: number): number {
    const [entry] = this.entriesOf(client, clock, clock + 1);
    if (!entry) return 0;
    return entry.shown ? entry.at + clock - entry.clock + 1 : entry.at;
  }

  private entriesOf(client: number, from: number, to: number) {
    const list = this.byClient.get(client) ?? [];
    // The first entry ending after `from`, by binary search; entries of one client never overlap.
    let low = 0;
    let high = list.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      const entry = list[middle] as (typeof list)[number];
      if (entry.clock + entry.length <= from) low = middle + 1;
      else high = middle;
    }
    const found = [];
    for (let i = low; i < list.length && (list[i]?.clock ?? to) < to; i++)
      found.push(list[i] as (typeof list)[number]);
    return found;
  }
}

/**
 * The text shown from offset `at` on that was inserted after the document `vector` describes,
 * up to the first character that was there already.
 */
function textInsertedSince(doc: Y.Doc, vector: Map<number, number>, at: number): string {
  let offset = 0;
  let found = '';
  for (let item = doc.getText(BODY)._start; item; item = item.right) {
    if (item.deleted || !item.countable) continue;
    const end = offset + item.length;
    if (end > at) {
      // One item may hold older characters followed by newer ones of the same device.
      const from = Math.max(0, at - offset);
      const firstNew = (vector.get(item.id.client) ?? 0) - item.id.clock;
      if (from < firstNew || !(item.content instanceof Y.ContentString)) break;
      found += item.content.str.slice(from);
    }
    offset = end;
  }
  return found;
}

/**
 * Applies a text that a device made from an older version of the note (`base`, the document as
 * it stood then) to the document as it is now. Each insertion goes right after the character it
 * followed in the base, each deletion removes the very characters it removed, and everything
 * typed since on other devices stays: both sides' words are kept, each side's run whole.
 * `resent` says the device itself made every change since the base; `edits`, the changes as
 * the device made them (used when they make `incoming` from the base's text).
 */
export function applyTextFromBase(
  doc: Y.Doc,
  base: Y.Doc,
  incoming: string,
  options: { resent?: boolean; edits?: readonly TextEdit[] } = {},
): Uint8Array {
  const baseRuns = visibleRuns(base);
  const baseVector = Y.decodeStateVector(Y.encodeStateVector(base));
  const edits = editsBetween(documentText(base), incoming, options.edits);
  if (edits.length === 0) return new Uint8Array();
  const index = new CharacterIndex(doc);
  type Step = { at: number; remove: number; insert: string; order: number };
  const steps: Step[] = [];
  edits.forEach((edit, order) => {
    for (const run of runsBetween(baseRuns, edit.at, edit.at + edit.remove)) {
      for (const [at, length] of index.shownParts(run)) {
        steps.push({ at, remove: length, insert: '', order });
      }
    }
    if (edit.insert === '') return;
    const [left] = edit.at > 0 ? runsBetween(baseRuns, edit.at - 1, edit.at) : [];
    const at = left ? index.after(left.client, left.clock) : 0;
    // A device sending again (`resent`: only it saved since the base, so its answer got lost)
    // has its earlier text at this place begin this insertion: that text counts once.
    const since = options.resent ? textInsertedSince(doc, baseVector, at) : '';
    const skip = since !== '' && edit.insert.startsWith(since) ? since.length : 0;
    if (skip < edit.insert.length) {
      steps.push({ at: at + skip, remove: 0, insert: edit.insert.slice(skip), order });
    }
  });
  // From the end backwards, so no step moves another: at one offset, deletions first, then
  // insertions in reverse order, so they end up in the order of the incoming text.
  steps.sort((a, b) => b.at - a.at || b.remove - a.remove || b.order - a.order);
  return updateOf(doc, (text) => {
    for (const step of steps) {
      if (step.remove > 0) text.delete(step.at, step.remove);
      else text.insert(step.at, step.insert);
    }
  });
}

/** What `doc` holds that a device with `vector` lacks. */
export const missingFrom = (doc: Y.Doc, vector?: Uint8Array): Uint8Array =>
  Y.encodeStateAsUpdate(doc, vector);

export const stateOf = (doc: Y.Doc): Uint8Array => Y.encodeStateAsUpdate(doc);
export const vectorOf = (doc: Y.Doc): Uint8Array => Y.encodeStateVector(doc);
