import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { seededRandom } from '../../../bench/note-text.js';
import {
  applyDeviceUpdate,
  applyTextFromBase,
  documentFrom,
  documentText,
  missingFrom,
  replaceText,
  seedUpdate,
  stateOf,
  vectorOf,
} from './note-document.js';

/**
 * Characters used once each in a run, so every character can be followed: whether it is in the
 * note, and in which order. CJK ideographs by default (letters: a plain save replaces words
 * whole), or symbols that are no part of a word, which plain saves change one by one. Each one
 * UTF-16 unit.
 */
function uniqueCharacters(kind: 'letters' | 'symbols' = 'letters') {
  let next = kind === 'letters' ? 0x4e00 : 0x2190;
  const take = () => {
    while (kind === 'symbols' && /[\p{L}\p{N}\p{M}\s]/u.test(String.fromCharCode(next))) next++;
    return String.fromCharCode(next++);
  };
  return (length: number) => Array.from({ length }, take).join('');
}

/** A device: a document of its own, what it typed and what it deleted. */
interface Device {
  doc: Y.Doc;
  typed: string[];
  deleted: Set<string>;
  /** What the server had of this device's document at the last exchange. */
  serverVector?: Uint8Array;
}

function randomEdit(device: Device, random: () => number, fresh: (n: number) => string) {
  const text = device.doc.getText('body');
  const length = text.length;
  if (length > 0 && random() < 0.3) {
    const at = Math.floor(random() * length);
    const count = Math.min(length - at, 1 + Math.floor(random() * 4));
    for (const char of text.toString().slice(at, at + count)) device.deleted.add(char);
    text.delete(at, count);
  } else {
    const run = fresh(1 + Math.floor(random() * 5));
    text.insert(Math.floor(random() * (length + 1)), run);
    device.typed.push(run);
  }
}

describe('a note document', () => {
  it('is made the same from the same text, wherever it is made', () => {
    const a = documentFrom([seedUpdate('Groceries\n- bread\n')]);
    const b = documentFrom([seedUpdate('Groceries\n- bread\n')]);
    Y.applyUpdate(a, stateOf(b));
    expect(documentText(a)).toBe('Groceries\n- bread\n');
  });

  it('three devices editing with offline gaps, in random orders, converge and keep every word', () => {
    for (let seed = 1; seed <= 60; seed++) {
      const random = seededRandom(seed);
      const fresh = uniqueCharacters();
      const start = fresh(20);
      const server = documentFrom([seedUpdate(start)]);
      const devices: Device[] = [0, 1, 2].map(() => ({
        doc: documentFrom([seedUpdate(start)]),
        typed: [],
        deleted: new Set(),
      }));
      for (let round = 0; round < 40; round++) {
        const device = devices[Math.floor(random() * devices.length)] as Device;
        for (let i = Math.floor(random() * 4); i >= 0; i--) randomEdit(device, random, fresh);
        // Offline now and then: the device keeps its edits until a later round.
        if (random() < 0.35) continue;
        applyDeviceUpdate(server, missingFrom(device.doc, device.serverVector));
        Y.applyUpdate(device.doc, missingFrom(server, vectorOf(device.doc)));
        device.serverVector = vectorOf(server);
      }
      for (const device of devices) {
        applyDeviceUpdate(server, missingFrom(device.doc, device.serverVector));
      }
      for (const device of devices)
        Y.applyUpdate(device.doc, missingFrom(server, vectorOf(device.doc)));

      const final = documentText(server);
      for (const device of devices) expect(documentText(device.doc)).toBe(final);
      const deleted = new Set(devices.flatMap((device) => [...device.deleted]));
      const expected = [start, ...devices.flatMap((device) => device.typed)]
        .join('')
        .split('')
        .filter((char) => !deleted.has(char));
      expect([...final].sort()).toEqual(expected.sort());
    }
  });

  it('takes a text made from an older version, keeping both sides and each side whole', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const random = seededRandom(seed);
      const fresh = uniqueCharacters('symbols');
      const start = fresh(30);
      const server = documentFrom([seedUpdate(start)]);
      // The plain device's base: the document as it stood when it last heard from the server.
      const device: Device = { doc: server, typed: [], deleted: new Set() };
      for (let i = Math.floor(random() * 5); i > 0; i--) randomEdit(device, random, fresh);
      const base = documentFrom([stateOf(server)]);
      const baseText = documentText(base);

      // Meanwhile the note changes on a live device.
      const live: Device = { doc: server, typed: [], deleted: new Set() };
      for (let i = 1 + Math.floor(random() * 6); i > 0; i--) randomEdit(live, random, fresh);

      // The plain device edits its base text: a few insertions and deletions.
      let incoming = baseText;
      const removed = new Set<string>();
      for (let i = 1 + Math.floor(random() * 3); i > 0; i--) {
        if (incoming.length > 0 && random() < 0.4) {
          const at = Math.floor(random() * incoming.length);
          const count = Math.min(incoming.length - at, 1 + Math.floor(random() * 6));
          for (const char of incoming.slice(at, at + count)) removed.add(char);
          incoming = incoming.slice(0, at) + incoming.slice(at + count);
        } else {
          const at = Math.floor(random() * (incoming.length + 1));
          const run = fresh(2 + Math.floor(random() * 5));
          incoming = incoming.slice(0, at) + run + incoming.slice(at);
        }
      }
      const before = documentText(server);
      applyTextFromBase(server, base, incoming);
      const final = documentText(server);

      // Whatever the plain device typed between two characters of its base stays in one piece.
      for (const run of incoming.split(new RegExp(`[${baseText}]`)).filter(Boolean)) {
        expect(final).toContain(run);
      }
      for (const run of live.typed.filter((r) => !removed.has(r[0] as string))) {
        for (const char of run) if (before.includes(char)) expect(final).toContain(char);
      }
      const kept = [...before].filter((char) => !removed.has(char));
      const added = [...incoming].filter((char) => !baseText.includes(char));
      expect([...final].sort()).toEqual([...kept, ...added].sort());
      // Characters both sides kept stay in the order they had.
      const common = [...before].filter((char) => final.includes(char));
      expect([...final].filter((char) => common.includes(char))).toEqual(common);
    }
  });

  it('keeps two appends to one list from one base, in a stable order', () => {
    const server = documentFrom([seedUpdate('Groceries\n- bread\n')]);
    const base = documentFrom([stateOf(server)]);
    applyTextFromBase(server, base, 'Groceries\n- bread\n- milk\n');
    applyTextFromBase(server, base, 'Groceries\n- bread\n- eggs\n');
    expect(documentText(server)).toBe('Groceries\n- bread\n- eggs\n- milk\n');
  });

  it('keeps two words inserted at one place in a line, each whole', () => {
    const server = documentFrom([seedUpdate('Meet at the station')]);
    const base = documentFrom([stateOf(server)]);
    applyTextFromBase(server, base, 'Meet at the central station');
    applyTextFromBase(server, base, 'Meet at the old station');
    expect(documentText(server)).toBe('Meet at the old central station');
  });

  it('counts text once that a device sends again from its base, its answer lost', () => {
    const server = documentFrom([seedUpdate('')]);
    replaceText(server, 'Closing');
    const base = documentFrom([stateOf(server)]);
    // Typed by the same server as the base's text, so Yjs joins the two into one item.
    replaceText(server, 'Closing ');
    applyTextFromBase(server, base, 'Closing before', { resent: true });
    applyTextFromBase(server, base, 'Closing before closing', { resent: true });
    expect(documentText(server)).toBe('Closing before closing');
  });

  it('keeps the same text typed at one place by two devices twice', () => {
    const server = documentFrom([seedUpdate('Start:')]);
    const base = documentFrom([stateOf(server)]);
    applyTextFromBase(server, base, 'Start: ');
    applyTextFromBase(server, base, 'Start: ');
    expect(documentText(server)).toBe('Start:  ');
  });

  it('keeps both words when two devices replace one word', () => {
    const server = documentFrom([seedUpdate('a cat sat')]);
    const base = documentFrom([stateOf(server)]);
    applyTextFromBase(server, base, 'a dog sat');
    applyTextFromBase(server, base, 'a cow sat');
    expect(documentText(server)).toBe('a cowdog sat');
  });

  it('keeps words typed inside a paragraph another device deleted', () => {
    const server = documentFrom([seedUpdate('Keep.\nThis paragraph goes.\nEnd.')]);
    const base = documentFrom([stateOf(server)]);
    replaceText(server, 'Keep.\nEnd.');
    applyTextFromBase(server, base, 'Keep.\nThis paragraph, with new words, goes.\nEnd.');
    expect(documentText(server)).toBe('Keep.\n, with new words,End.');
  });
});
