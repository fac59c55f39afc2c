import { describe, expect, it } from 'vitest';
import { jpegWithLocation } from '../../../test/helpers/attachment-client.js';
import { withoutGpsLocation } from './strip-gps.js';

async function strip(pieces: Uint8Array[]): Promise<Buffer> {
  async function* source() {
    yield* pieces;
  }
  const out: Uint8Array[] = [];
  for await (const piece of withoutGpsLocation(source())) out.push(piece);
  return Buffer.concat(out);
}

const inPieces = (bytes: Buffer, size: number) =>
  Array.from({ length: Math.ceil(bytes.length / size) }, (_, index) =>
    bytes.subarray(index * size, (index + 1) * size),
  );

describe('withoutGpsLocation', () => {
  it('gives the same bytes however the file arrives in pieces', async () => {
    const whole = await strip([jpegWithLocation()]);
    expect(whole.length).toBe(jpegWithLocation().length);
    expect(whole.equals(jpegWithLocation())).toBe(false);
    for (const size of [1, 3, 7, 64]) {
      expect((await strip(inPieces(jpegWithLocation(), size))).equals(whole)).toBe(true);
    }
  });

  it('passes damaged or foreign bytes through untouched', async () => {
    const jpeg = jpegWithLocation();
    const cases = [
      Buffer.from('not a jpeg at all'),
      jpeg.subarray(0, 9), // cut inside the Exif segment
      Buffer.from([0xff, 0xd8, 0xff, 0xe1, 0xff, 0xff, 1, 2, 3]), // a segment longer than the file
    ];
    for (const bytes of cases) expect((await strip([bytes])).equals(bytes)).toBe(true);
  });

  it('leaves a GPS pointer past the end of the block alone', async () => {
    const jpeg = jpegWithLocation();
    // The GPS IFD offset (IFD0's second entry's value) points far past the segment.
    const exifStart = jpeg.indexOf('Exif\0\0') + 6;
    jpeg.writeUInt32BE(0x7fffffff, exifStart + 30);
    expect((await strip([jpeg])).equals(jpeg)).toBe(true);
  });
});
