import { Zip, ZipPassThrough } from 'fflate';
import { describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { withZip64End } from './zip64-end.js';

/** A zip of `count` tiny files, made the way the export makes its zip. */
function zipOf(count: number): Buffer {
  const chunks: Uint8Array[] = [];
  const zip = new Zip((_error, chunk, final) =>
    chunks.push(final ? withZip64End(chunk, count) : chunk),
  );
  for (let i = 0; i < count; i++) {
    const file = new ZipPassThrough(`note ${i}.md`);
    zip.add(file);
    file.push(new TextEncoder().encode(`text ${i}`), true);
  }
  zip.end();
  return Buffer.concat(chunks);
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

describe('withZip64End', () => {
  it('leaves a zip of up to 65,535 files as it is', async () => {
    expect(await names(zipOf(3))).toEqual(['note 0.md', 'note 1.md', 'note 2.md']);
  });

  it('makes a zip of more files list every one of them', async () => {
    const found = await names(zipOf(70_000));
    expect(found).toHaveLength(70_000);
    expect(found.at(-1)).toBe('note 69999.md');
  });
});
