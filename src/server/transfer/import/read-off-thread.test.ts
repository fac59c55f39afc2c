import { zipSync } from 'fflate';
import { afterEach, describe, expect, it } from 'vitest';
import { ImportReader, readImportOffThread } from './read-off-thread.js';

const limits = { maxUnpacked: 512 * 1024 * 1024, maxEntries: 1_000 };
const job = (name: string, text: string) => ({
  name,
  data: new TextEncoder().encode(text),
  limits,
  maxNoteBytes: 2 * 1024 * 1024,
});

/** An Evernote note nested as deep as allowed around many paragraphs: seconds of work. */
const slowEnex = `<en-export><note><title>Slow</title><content><![CDATA[<en-note>${'<div>'.repeat(250)}${'<p>a</p>'.repeat(400_000)}</en-note>]]></content></note></en-export>`;

let reader: ImportReader | undefined;
afterEach(async () => reader?.close());

describe('reading an import on a worker', () => {
  it('answers with the notes, for file after file', async () => {
    reader = new ImportReader(256);
    const first = await reader.read(job('a.md', 'first'), { timeoutMs: 10_000 });
    const second = await reader.read(job('b.md', 'second'), { timeoutMs: 10_000 });
    expect([first.notes[0]?.body, second.notes[0]?.body]).toEqual(['a\n\nfirst', 'b\n\nsecond']);
  });

  it('refuses a file still being read at the time limit, and ends the worker', async () => {
    reader = new ImportReader(512);
    await expect(reader.read(job('slow.enex', slowEnex), { timeoutMs: 300 })).rejects.toThrow(
      'slow.enex: reading it took longer than 0.3 s; split it into smaller files',
    );
    await expect(reader.read(job('next.md', 'x'), { timeoutMs: 10_000 })).rejects.toThrow(
      'next.md: reading it took longer than 0.3 s',
    );
  });

  it('refuses a file that needs more heap than the worker has', async () => {
    const tags = '<tag>label</tag>'.repeat(2_000_000);
    const big = `<en-export><note><title>Tags</title>${tags}<content>x</content></note></en-export>`;
    await expect(
      readImportOffThread(job('big.enex', big), { timeoutMs: 60_000, heapMb: 64 }),
    ).rejects.toThrow('big.enex: reading it needs more memory than an import may use');
  });

  it('refuses JSON that would take more heap than the worker has, before parsing it', async () => {
    const empties = `{"format":"quire-notes","notes":[${'{},'.repeat(1_000_000)}{}]}`;
    await expect(
      readImportOffThread(job('empties.json', empties), { timeoutMs: 60_000, heapMb: 64 }),
    ).rejects.toThrow('empties.json: reading it needs more memory than an import may use');
  });

  it('lists a zip entry too large to hold as text, and reads the rest', async () => {
    const zip = zipSync({
      'big.md': new Uint8Array(40 * 1024 * 1024).fill(97),
      'small.md': new TextEncoder().encode('hi'),
    });
    const parsed = await readImportOffThread(
      { ...job('vault.zip', ''), data: zip },
      { timeoutMs: 60_000, heapMb: 64 },
    );
    expect(parsed.notes.map((note) => note.body)).toEqual(['small\n\nhi']);
    expect(parsed.failed).toEqual([
      { name: 'vault.zip/big.md', error: 'reading it needs more memory than an import may use' },
    ]);
  });

  it('refuses a file whose upload ended before it was read', async () => {
    const ended = new AbortController();
    const reading = readImportOffThread(job('gone.enex', slowEnex), {
      timeoutMs: 60_000,
      heapMb: 512,
      signal: ended.signal,
    });
    ended.abort();
    await expect(reading).rejects.toThrow('gone.enex: the upload ended before it was read');
  });
});
