import { buffer } from 'node:stream/consumers';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { StreamedZip } from './streamed-zip.js';

const text = (value: string) => () => [new TextEncoder().encode(value)];

/** A zip of `count` tiny files, added a page at a time the way the export adds notes. */
async function zipOf(count: number): Promise<Buffer> {
  const zip = new StreamedZip();
  const bytes = buffer(zip.output);
  for (let i = 0; i < count; i++) {
    zip.addStored(`note ${i}.md`, new Date(), text(`text ${i}`));
    if (i % 500 === 499) await zip.taken();
  }
  zip.end();
  return bytes;
}

/** Every file name in the zip, as yauzl (and so the import) reads them. */
const names = (zip: Buffer) =>
  new Promise<string[]>((resolve, reject) =>
    yauzl.fromBuffer(zip, { lazyEntries: true }, (error, file) => {
      if (error) return reject(error);
      const found: string[] = [];
      file.on('entry', (entry: yauzl.Entry) => {
        found.push(entry.fileName);
        file.readEntry();
      });
      file.on('end', () => resolve(found));
      file.on('error', reject);
      file.readEntry();
    }),
  );

/** Resolves once the zip's output holds as much as it buffers for a reader that reads nothing. */
async function backedUp(zip: StreamedZip): Promise<void> {
  while (zip.output.readableLength < zip.output.readableHighWaterMark) await nextTurn();
}

describe('StreamedZip', () => {
  it('writes the files in the order they were added', async () => {
    expect(await names(await zipOf(3))).toEqual(['note 0.md', 'note 1.md', 'note 2.md']);
  });

  // The classic end record counts entries in 16 bits: one more needs the ZIP64 records.
  it('lists every file of a zip of more than 65,535', async () => {
    const found = await names(await zipOf(65_536));
    expect(found).toHaveLength(65_536);
    expect(found.at(-1)).toBe('note 65535.md');
  }, 180_000);

  it('reads an entry only once the reader has taken what came before', async () => {
    const zip = new StreamedZip();
    const opened: number[] = [];
    const big = new Uint8Array(1 << 20);
    for (let i = 0; i < 5; i++) {
      zip.addStored(`file ${i}`, new Date(), () => {
        opened.push(i);
        return [big];
      });
    }
    zip.end();
    await backedUp(zip);
    expect(opened).toEqual([0]);
    const bytes = await buffer(zip.output);
    expect(opened).toEqual([0, 1, 2, 3, 4]);
    expect(await names(bytes)).toHaveLength(5);
  });

  it('lets go of the entry being read, and reads no more, once the reader goes away', async () => {
    const zip = new StreamedZip();
    let released = false;
    let letGo = () => {};
    const lettingGo = new Promise<void>((resolve) => {
      letGo = resolve;
    });
    zip.addStored('endless', new Date(), async function* () {
      try {
        for (;;) yield new Uint8Array(64 * 1024);
      } finally {
        released = true;
        letGo();
      }
    });
    let openedAfter = false;
    zip.addStored('after', new Date(), () => {
      openedAfter = true;
      return [];
    });
    zip.output.once('data', () => zip.output.destroy());
    await zip.taken();
    await lettingGo;
    await nextTurn(); // a next entry would be opened on the turn the last one ends
    expect(zip.gone).toBe(true);
    expect(released).toBe(true);
    expect(openedAfter).toBe(false);
  });

  it('ends its output with the error of an entry that fails', async () => {
    const zip = new StreamedZip();
    zip.addDeflated('broken.md', new Date(), async function* () {
      yield new Uint8Array(1);
      throw new Error('storage failed');
    });
    zip.end();
    await expect(buffer(zip.output)).rejects.toThrow('storage failed');
  });
});
