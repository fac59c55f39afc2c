/**
 * `node --expose-gc --import tsx bench/sync-models.ts`: the measurements behind docs/sync.md.
 * Two writers type at one spot at once over a network with random delays, once through Yjs
 * (a CRDT relayed by the server) and once through @codemirror/collab (OT with the server as the
 * authority, rebasing late changes); then what Yjs costs a server per save, in storage after a
 * day of typing, and in memory per open note; and how two devices' offline edits merge, sent as
 * whole texts (a plain client) or as each device's own document updates (Quire's client). A
 * report, not a test: it prints and exits 0.
 */

import {
  collab,
  getSyncedVersion,
  rebaseUpdates,
  receiveUpdates,
  sendableUpdates,
  type Update,
} from '@codemirror/collab';
import { ChangeSet, EditorState, Text } from '@codemirror/state';
import * as Y from 'yjs';
import {
  documentFrom,
  documentText,
  mergeTextFromBase,
  seedState,
} from '../src/server/sync/note-document.js';
import { seededRandom } from './note-text.js';

const START = 'Start: ';
const RUNS = {
  A: 'alpha bravo charlie delta echo foxtrot golf hotel ',
  B: 'one two three four five six seven eight nine ten ',
};
type Writer = keyof typeof RUNS;
const WRITERS: Writer[] = ['A', 'B'];

/** A sync model as the simulation drives it: keys typed, messages delivered, texts read. */
interface Model {
  type(writer: Writer, char: string): void;
  texts(): string[];
}

/** Messages in flight, each due at a time of its own. */
class Network {
  private queue: { at: number; deliver: () => void }[] = [];
  now = 0;
  constructor(private readonly delay: () => number) {}
  send(deliver: () => void) {
    this.queue.push({ at: this.now + this.delay(), deliver });
  }
  nextAt(): number | undefined {
    return this.queue.reduce<number | undefined>(
      (min, m) => (min === undefined || m.at < min ? m.at : min),
      undefined,
    );
  }
  deliverDue(until: number) {
    for (;;) {
      const at = this.nextAt();
      if (at === undefined || at > until) return;
      const index = this.queue.findIndex((m) => m.at === at);
      const [message] = this.queue.splice(index, 1);
      this.now = at;
      message?.deliver();
    }
  }
}

function yjsModel(network: Network): Model {
  const server = new Y.Doc();
  server.getText('t').insert(0, START);
  const seed = Y.encodeStateAsUpdate(server);
  const clients = Object.fromEntries(
    WRITERS.map((writer) => {
      const doc = new Y.Doc();
      Y.applyUpdate(doc, seed);
      const text = doc.getText('t');
      // The caret sticks to the character before it, as an editor's selection does.
      return [
        writer,
        { doc, text, caret: Y.createRelativePositionFromTypeIndex(text, text.length, -1) },
      ];
    }),
  ) as Record<Writer, { doc: Y.Doc; text: Y.Text; caret: Y.RelativePosition }>;
  return {
    type(writer, char) {
      const client = clients[writer];
      const index =
        Y.createAbsolutePositionFromRelativePosition(client.caret, client.doc)?.index ?? 0;
      let update: Uint8Array | undefined;
      const capture = (u: Uint8Array) => {
        update = u;
      };
      client.doc.on('update', capture);
      client.text.insert(index, char);
      client.doc.off('update', capture);
      client.caret = Y.createRelativePositionFromTypeIndex(client.text, index + 1, -1);
      const sent = update as Uint8Array;
      network.send(() => {
        Y.applyUpdate(server, sent);
        for (const other of WRITERS.filter((w) => w !== writer)) {
          network.send(() => Y.applyUpdate(clients[other].doc, sent));
        }
      });
    },
    texts: () =>
      [server, ...WRITERS.map((w) => clients[w].doc)].map((d) => d.getText('t').toString()),
  };
}

function otModel(network: Network): Model {
  let doc = Text.of([START]);
  const log: Update[] = [];
  const clients = Object.fromEntries(
    WRITERS.map((writer) => [
      writer,
      {
        state: EditorState.create({
          doc: START,
          selection: { anchor: START.length },
          extensions: [collab({ clientID: writer })],
        }),
        sending: false,
      },
    ]),
  ) as Record<Writer, { state: EditorState; sending: boolean }>;
  const pull = (writer: Writer) => {
    const client = clients[writer];
    client.state = receiveUpdates(client.state, log.slice(getSyncedVersion(client.state))).state;
  };
  const push = (writer: Writer) => {
    const client = clients[writer];
    if (client.sending) return;
    const updates = sendableUpdates(client.state);
    if (updates.length === 0) return;
    client.sending = true;
    const version = getSyncedVersion(client.state);
    const sent = updates.map((u) => ({
      clientID: u.clientID,
      changes: ChangeSet.fromJSON(u.changes.toJSON()),
    }));
    network.send(() => {
      // The authority rebases a late change over what came since, as Google Docs' server does.
      for (const update of rebaseUpdates(sent, log.slice(version))) {
        doc = update.changes.apply(doc);
        log.push(update);
      }
      for (const w of WRITERS) {
        network.send(() => {
          pull(w);
          if (w === writer) clients[w].sending = false;
          push(w);
        });
      }
    });
  };
  return {
    type(writer, char) {
      const client = clients[writer];
      const at = client.state.selection.main.head;
      client.state = client.state.update({
        changes: { from: at, insert: char },
        selection: { anchor: at + 1 },
      }).state;
      push(writer);
    },
    texts: () => [doc.toString(), ...WRITERS.map((w) => clients[w].state.doc.toString())],
  };
}

/** Both writers type their run at once, a key every 30–150 ms, each message 5–205 ms late. */
function typeAtOnce(makeModel: (network: Network) => Model, seed: number) {
  const random = seededRandom(seed);
  const network = new Network(() => 5 + random() * 200);
  const model = makeModel(network);
  const keys: { at: number; writer: Writer; char: string }[] = [];
  for (const writer of WRITERS) {
    let at = 0;
    for (const char of RUNS[writer]) {
      at += 30 + random() * 120;
      keys.push({ at, writer, char });
    }
  }
  keys.sort((a, b) => a.at - b.at);
  for (const key of keys) {
    network.deliverDue(key.at);
    network.now = key.at;
    model.type(key.writer, key.char);
  }
  network.deliverDue(Number.POSITIVE_INFINITY);
  const texts = model.texts();
  return {
    converged: texts.every((text) => text === texts[0]),
    whole: WRITERS.every((writer) => texts[0]?.includes(RUNS[writer])),
    text: texts[0] ?? '',
  };
}

/** Memory: 1,000 notes of 1 KiB open for editing at once, measured before anything else runs. */
function openNotesHeap() {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  gc?.();
  const before = process.memoryUsage().heapUsed;
  const docs: Y.Doc[] = [];
  for (let i = 0; i < 1000; i++) {
    const doc = new Y.Doc();
    doc.getText('t').insert(0, 'Lorem ipsum '.repeat(85));
    for (let k = 0; k < 20; k++) doc.getText('t').insert(500 + k, 'z');
    docs.push(doc);
  }
  gc?.();
  gc?.();
  const used = process.memoryUsage().heapUsed - before;
  return `1,000 open 1 KiB notes: ${(used / 1024 / 1024).toFixed(1)} MiB of heap (${docs.length} docs${gc ? '' : '; run with --expose-gc for a steady figure'})`;
}

const heapFigure = openNotesHeap();
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

console.log('Two writers typing at one spot at once, 200 seeded runs each:');
for (const [name, model] of [
  ['Yjs (CRDT)', yjsModel],
  ['@codemirror/collab (OT)', otModel],
] as const) {
  let converged = 0;
  let whole = 0;
  let example: string | undefined;
  for (let seed = 1; seed <= 200; seed++) {
    const run = typeAtOnce(model, seed);
    if (run.converged) converged++;
    if (run.whole) whole++;
    else example ??= run.text;
  }
  console.log(`  ${name}: converged ${converged}/200, both runs whole ${whole}/200`);
  if (example) console.log(`    e.g. ${JSON.stringify(example.slice(0, 100))}`);
}

// A day of typing: 3 keys a second for 8 hours, one in six a Backspace, the caret moved now and then.
{
  const random = seededRandom(7);
  const doc = new Y.Doc();
  const text = doc.getText('t');
  let caret = 0;
  let updateBytes = 0;
  doc.on('update', (update: Uint8Array) => {
    updateBytes += update.length;
  });
  const keys = 8 * 3600 * 3;
  for (let i = 0; i < keys; i++) {
    if (random() < 0.01) caret = Math.floor(random() * (text.length + 1));
    if (random() < 1 / 6 && caret > 0) text.delete(--caret, 1);
    else
      text.insert(
        caret++,
        random() < 0.15 ? ' ' : String.fromCharCode(97 + Math.floor(random() * 26)),
      );
  }
  const state = Y.encodeStateAsUpdate(doc);
  const started = performance.now();
  for (let i = 0; i < 10; i++) Y.applyUpdate(new Y.Doc(), state);
  console.log(
    `8 hours of typing (${keys} keys): text ${kib(text.length)}, Yjs state ${kib(state.length)}, ` +
      `${(updateBytes / keys).toFixed(1)} bytes a key on the wire, loading the state ${((performance.now() - started) / 10).toFixed(1)} ms`,
  );
}

// A server's work per save: one key's update applied to the open note, and the body read back.
for (const size of [1024, 1024 * 1024]) {
  const seedDoc = new Y.Doc();
  seedDoc.getText('t').insert(0, 'x'.repeat(size));
  const server = new Y.Doc();
  const client = new Y.Doc();
  Y.applyUpdate(server, Y.encodeStateAsUpdate(seedDoc));
  Y.applyUpdate(client, Y.encodeStateAsUpdate(seedDoc));
  const updates: Uint8Array[] = [];
  client.on('update', (update: Uint8Array) => updates.push(update));
  for (let i = 0; i < 1000; i++) client.getText('t').insert(size / 2 + i, 'a');
  const started = performance.now();
  for (const update of updates) {
    Y.applyUpdate(server, update);
    server.getText('t').toString();
  }
  console.log(
    `Per save in a ${kib(size)} note: ${(((performance.now() - started) / 1000) * 1000).toFixed(1)} µs to apply a key and read the body`,
  );
}

/**
 * Two devices offline from one base, each making scattered edits (a word removed, a word
 * added), then merged: once as a plain client sends them, whole texts the server turns into
 * edits by a diff against the base, and once as Quire's client sends them, each device's own
 * document updates. Words are unique, so a fault shows: a typed word missing or glued to
 * another, a removed word back, a word twice.
 */
function offlineMerges(editsEach: number, runs: number, asDocuments: boolean) {
  let faulty = 0;
  let missing = 0;
  let back = 0;
  let twice = 0;
  for (let seed = 1; seed <= runs; seed++) {
    const random = seededRandom(seed * 31 + editsEach);
    const base = Array.from({ length: 400 }, (_, i) => `w${i}`);
    const baseState = seedState(base.join(' '), 1);
    const edit = (side: string) => {
      const words = [...base];
      const removed = new Set<string>();
      const doc = documentFrom([baseState]);
      const text = doc.getText('body');
      const updates: Uint8Array[] = [];
      doc.on('update', (update: Uint8Array) => updates.push(update));
      // The offset in the text of the word at `index` (words are joined by single spaces).
      const offsetOf = (index: number) =>
        words.slice(0, index).reduce((sum, word) => sum + word.length + 1, 0);
      for (let i = 0; i < editsEach; i++) {
        const at = Math.floor(random() * words.length);
        if (random() < 0.5) {
          const start = offsetOf(at);
          const [word = ''] = words.splice(at, 1);
          // The word and the space after it, or before it at the end of the text.
          const last = at === words.length;
          if (last) text.delete(Math.max(0, start - 1), word.length + (at > 0 ? 1 : 0));
          else text.delete(start, word.length + 1);
          if (word.startsWith('w')) removed.add(word);
        } else {
          const added = `${side}${i}`;
          // Before the word at `at`, or after the last one.
          if (at < words.length || at === 0) {
            text.insert(offsetOf(at), words.length > 0 ? `${added} ` : added);
          } else text.insert(offsetOf(at) - 1, ` ${added}`);
          words.splice(at, 0, added);
        }
      }
      if (text.toString() !== words.join(' ')) throw new Error('the bench made bad edits');
      return { text: words.join(' '), update: Y.mergeUpdates(updates), removed, typed: words };
    };
    const sides = [edit('a'), edit('b')];
    const server = documentFrom([baseState]);
    for (const side of sides) {
      if (asDocuments) Y.applyUpdate(server, side.update);
      else mergeTextFromBase(server, documentFrom([baseState]), side.text);
    }
    const words = documentText(server).split(/\s+/);
    const present = new Set(words);
    const counts = new Map<string, number>();
    for (const word of words) counts.set(word, (counts.get(word) ?? 0) + 1);
    const typed = sides.flatMap((side, i) =>
      side.typed.filter((w) => w.startsWith('ab'[i] as string)),
    );
    const run = {
      missing: typed.filter((w) => !present.has(w)).length,
      back: sides.flatMap((side) => [...side.removed]).filter((w) => present.has(w)).length,
      twice: [...counts.values()].filter((count) => count > 1).length,
    };
    missing += run.missing;
    back += run.back;
    twice += run.twice;
    if (run.missing + run.back + run.twice > 0) faulty++;
  }
  return `  ${editsEach} edits each: ${faulty}/${runs} merges with a fault; typed words missing or glued ${missing}, removed words back ${back}, words twice ${twice}`;
}

for (const asDocuments of [false, true]) {
  console.log(
    `Two devices offline, scattered edits to one 400-word note, merged ${asDocuments ? "from each device's document updates" : 'from whole texts'}:`,
  );
  for (const edits of [10, 30, 60, 150, 400]) console.log(offlineMerges(edits, 50, asDocuments));
}

console.log(heapFigure);
