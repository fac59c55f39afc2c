import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../../domain-errors.js';
import { readerHeapMb } from '../import-route.js';
import { ImportReader } from './read-off-thread.js';

// Every importer over generated hostile files (deep nesting, long runs, repeated tags, huge
// attribute lists, many front-matter keys), read as the server reads them: on the worker, under
// a time limit. An importer that turns slow on some shape fails here instead of hanging.
const SEED = 0x5eed1e;
const INPUTS_PER_FORMAT = 6;
const TIME_LIMIT_MS = 5_000;
const MIB = 1024 * 1024;
const IMPORT_LIMIT = 64 * MIB;
const MAX_NOTE_BYTES = 2 * MIB;

/** A small seeded generator (mulberry32): the same files on every run. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[int(0, items.length - 1)] as T;
  return { int, pick };
}
type Random = ReturnType<typeof random>;

/** Pieces that have made text handling slow or wrong somewhere: runs, marks, odd Unicode. */
const RUNS = [
  ' ',
  '\u00a0',
  '\u2003',
  '\n',
  '\r\n',
  '\t',
  ' \n',
  '#',
  '-',
  '*',
  '_',
  '`',
  '\\',
  '[',
  '<',
  '&',
  '#tag ',
  '\ud83d\ude00',
  '\u202e',
  'e\u0301',
  '[[',
  ']]',
  '![[a/',
  '[[Same|',
  '](Same.md)',
  '](:/',
  '#a/',
  '---\naliases: [x]\n',
];

/** Links of every form a vault or an export holds, most naming notes that share a name. */
const LINKS = [
  '[[Same]]',
  '[[same#h|x]]',
  '[[a/Same]]',
  '[[../Same.md|up]]',
  '![[Same]]',
  '[[Nowhere]]',
  '[s](Same.md)',
  '[s](<a/Same.md#h>)',
  '[s](:/0123456789abcdef0123456789abcdef)',
];

function hostileText(r: Random, size: number): string {
  const parts: string[] = [];
  let length = 0;
  while (length < size) {
    const piece =
      r.int(0, 3) === 0 ? r.pick(RUNS).repeat(r.int(1_000, 60_000)) : `word${r.int(0, 9)} `;
    parts.push(piece);
    length += piece.length;
  }
  return parts.join('');
}

/** Many labels, most alike, or a few long ones. */
function hostileTags(r: Random): string[] {
  if (r.int(0, 1) === 0) {
    const short = ['work', 'Work', 'Home stuff', '2024 plans', '---', '#x', 'é'];
    return Array.from({ length: r.pick([1, 100, 20_000]) }, () => r.pick(short));
  }
  return [
    ' '.repeat(r.int(1, 100_000)),
    `a${'-'.repeat(r.int(1, 100_000))}b`,
    'é'.repeat(r.int(1, 10_000)),
  ];
}

function hostileHtml(r: Random): string {
  switch (r.int(0, 7)) {
    case 0: {
      const depth = r.pick([10, 250, 300, 20_000]);
      return `${'<div>'.repeat(depth)}x${'</div>'.repeat(r.int(0, depth))}`;
    }
    case 1:
      return `<div ${Array.from({ length: r.pick([10, 250, 50_000]) }, (_, i) => `a${i}="v"`).join(' ')}>x</div>`;
    case 2:
      return `<div>a${'<br/>'.repeat(r.int(1, 40_000))}b</div>`;
    case 3:
      return `<p>a${r.pick(['&nbsp;', '&#8195;', ' ', '\u00a0']).repeat(r.int(1, 80_000))}b</p>`;
    case 4:
      return `<div>${'<en-todo checked="true"/>item<br/>'.repeat(r.int(1, 20_000))}</div>`;
    case 5:
      return `<pre>${hostileText(r, 100_000).replace(/[<&]/g, ' ')}</pre>`;
    case 6:
      return `${'<b><p><li><table><tr><td>'.repeat(r.int(1, 40))}${'<!--'.repeat(r.int(0, 1_000))}x`;
    default:
      return `<p>${hostileText(r, 100_000).replace(/[<&]/g, ' ')}</p><en-media hash="ab"/>after`;
  }
}

function frontMatter(r: Random): string {
  switch (r.int(0, 5)) {
    case 0:
      return Array.from({ length: r.pick([10, 800, 20_000]) }, (_, i) => `key${i}: v`).join('\n');
    case 1:
      return `tags: [${Array.from({ length: r.pick([10, 3_000, 20_000]) }, () => 'same').join(', ')}]`;
    case 2:
      return `a: &a [x]\n${Array.from({ length: r.int(1, 5_000) }, (_, i) => `k${i}: *a`).join('\n')}`;
    case 3:
      return `tags: ${'['.repeat(r.pick([10, 5_000]))}x`;
    case 4:
      return `title: Twice\ntitle: Again\ncreated: ${'9'.repeat(r.int(1, 10_000))}`;
    default:
      return `title: ${hostileText(r, 20_000).replace(/\n/g, ' ')}`;
  }
}

function markdownFile(r: Random): string {
  const closing = r.int(0, 4) === 0 ? '' : '\n---\n';
  return `---\n${frontMatter(r)}${closing}${hostileText(r, r.int(1_000, 200_000))}`;
}

const utf8 = (text: string) => new TextEncoder().encode(text);

/** One hostile file of each format, as (name, bytes). */
const FORMATS: Record<string, (r: Random) => [string, Uint8Array]> = {
  'Quire JSON': (r) => {
    const notes = Array.from({ length: r.pick([1, 5_000]) }, (_, i) => ({
      id: r.int(0, 3) === 0 ? `dup` : `n${i}`,
      body: r.int(0, 1_000) === 0 ? hostileText(r, 200_000) : `note ${i}`,
      timeCreated: r.pick([0, 1_700_000_000, -1, 1e20]),
      timeLastModified: 1_700_000_000,
    }));
    return ['notes.json', utf8(JSON.stringify({ format: 'quire-notes', notes }))];
  },
  Simplenote: (r) => {
    const activeNotes = Array.from({ length: r.int(1, 20) }, (_, i) => ({
      id: `s${i}`,
      content: hostileText(r, r.int(10, 150_000)),
      tags: hostileTags(r),
      creationDate: r.pick(['2024-01-01T00:00:00Z', 'not a date', 12]),
    }));
    return ['notes.json', utf8(JSON.stringify({ activeNotes, trashedNotes: [] }))];
  },
  'Standard Notes': (r) => {
    const notes = Array.from({ length: r.int(1, 20) }, (_, i) => ({
      uuid: `n${i}`,
      content_type: 'Note',
      content: { title: hostileText(r, r.int(1, 20_000)), text: hostileText(r, r.int(1, 100_000)) },
    }));
    const references = Array.from({ length: r.pick([1, 200_000]) }, () => ({
      uuid: `n${r.int(0, 19)}`,
    }));
    const tags = hostileTags(r)
      .slice(0, 200)
      .map((title, i) => ({
        uuid: `t${i}`,
        content_type: 'Tag',
        content: { title, references },
      }));
    return ['backup.txt', utf8(JSON.stringify({ version: '004', items: [...notes, ...tags] }))];
  },
  'Keep JSON': (r) => {
    const note = {
      title: hostileText(r, r.int(1, 50_000)),
      textContent: hostileText(r, r.int(1, 150_000)),
      listContent: Array.from({ length: r.pick([0, 10, 50_000]) }, () => ({
        text: 'item',
        isChecked: true,
      })),
      labels: hostileTags(r).map((name) => ({ name })),
      userEditedTimestampUsec: 1_700_000_000_000_000,
    };
    return ['note.json', utf8(JSON.stringify(note))];
  },
  ENEX: (r) => {
    const notes = Array.from({ length: r.int(1, 6) }, () => {
      const tags = hostileTags(r)
        .slice(0, r.pick([1, 5_000]))
        .map((tag) => `<tag>${tag.replace(/[<&]/g, ' ')}</tag>`);
      return `<note><title>T${'a '.repeat(r.int(1, 10_000))}</title>${tags.join('')}<content><![CDATA[<en-note>${hostileHtml(r)}</en-note>]]></content></note>`;
    });
    return ['export.enex', utf8(`<?xml version="1.0"?><en-export>${notes.join('')}</en-export>`)];
  },
  'Markdown with front matter': (r) => ['note.md', utf8(markdownFile(r))],
  'vault of linked notes': (r) => {
    const files: Record<string, Uint8Array> = {};
    const count = r.pick([10, 500]);
    for (let i = 0; i < count; i++) {
      const folder = r.pick(['', 'a/', 'a/b/', `${'d/'.repeat(r.int(1, 300))}`, `f${i % 50}/`]);
      const name = r.pick(['Same', 'same', 'Säme', `n${i}`]);
      // Many notes with a few links each, or a few notes with very many.
      const many = count === 10 ? r.pick([1, 20_000]) : r.pick([1, 20]);
      const links = Array.from({ length: many }, () => r.pick(LINKS));
      const front = r.int(0, 1) === 0 ? `---\naliases: [Same, n${i}]\nx: y\n---\n` : '';
      files[`V/${folder}${name}.md`] = utf8(`${front}${links.join(' ')}`);
    }
    return ['vault.zip', zipSync(files)];
  },
  'ENEX of linked notes': (r) => {
    const guid = (i: number) => `${String(i).padStart(8, '0')}-0000-4000-8000-000000000000`;
    // Few notes with many links, or many with few: Turndown's own cost per note bounds the count.
    const [count, many] = r.pick([
      [2, 5_000],
      [200, 5],
    ] as const);
    const notes = Array.from({ length: count }, () => {
      const links = Array.from(
        { length: many },
        () => `<a href="evernote:///view/1/s1/${guid(r.int(0, 3_000))}/x/">Same</a>`,
      );
      return `<note><title>Same</title><content><![CDATA[<en-note>${links.join(' ')}</en-note>]]></content></note>`;
    });
    return ['linked.enex', utf8(`<?xml version="1.0"?><en-export>${notes.join('')}</en-export>`)];
  },
  'zip of Markdown': (r) => {
    const files: Record<string, Uint8Array> = {};
    for (let i = 0; i < r.int(1, 8); i++) {
      const folder = r.pick(['', 'vault/', '.obsidian/', `${'deep/'.repeat(r.int(1, 500))}`]);
      files[`${folder}note-${i}.md`] = utf8(markdownFile(r));
    }
    return ['vault.zip', zipSync(files)];
  },
};

let reader: ImportReader;
beforeAll(() => {
  reader = new ImportReader(readerHeapMb(IMPORT_LIMIT));
});
afterAll(async () => reader.close());

describe('every importer over hostile files, on the worker under a time limit', () => {
  const r = random(SEED);
  for (const [format, make] of Object.entries(FORMATS)) {
    it(format, async () => {
      for (let i = 0; i < INPUTS_PER_FORMAT; i++) {
        const [name, data] = make(r);
        const job = {
          name,
          data,
          limits: { maxUnpacked: 8 * IMPORT_LIMIT, maxEntries: 200_000 },
          maxNoteBytes: MAX_NOTE_BYTES,
        };
        const outcome = await reader.read(job, { timeoutMs: TIME_LIMIT_MS }).then(
          (parsed) => parsed,
          (error: Error) => error,
        );
        if (outcome instanceof Error) {
          // A reader that was stopped reads no more: the next format gets a fresh one.
          if (/took longer|more memory|could not be read \(/.test(outcome.message)) {
            await reader.close();
            reader = new ImportReader(readerHeapMb(IMPORT_LIMIT));
          }
          // Refusing a whole file is fine; running out of time or memory, or breaking, is not.
          expect(outcome).toBeInstanceOf(DomainError);
          expect(outcome.message).toMatch(new RegExp(`^${name.replace('.', '\\.')}: `));
          expect(outcome.message).not.toMatch(/took longer|more memory|could not be read \(/);
          continue;
        }
        for (const note of outcome.notes) {
          expect(note.body.isWellFormed()).toBe(true);
          expect(Buffer.byteLength(note.body)).toBeLessThanOrEqual(MAX_NOTE_BYTES);
        }
        for (const failure of outcome.failed) expect(failure.name.startsWith(name)).toBe(true);
      }
    });
  }
});
