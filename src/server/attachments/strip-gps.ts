import { PullReader } from './pull-reader.js';

// A JPEG is a series of marker segments (FF xx, then a 2-byte length that counts itself) up to
// Start Of Scan, after which comes the image data. Location lives in the Exif segment's GPS IFD
// and, in XMP, as exif:GPS… properties. Each segment is at most 64 KiB, so the stripper holds at
// most one segment, and every step moves forward: time is linear in the file's size.

const START_OF_IMAGE = 0xd8;
const START_OF_SCAN = 0xda;
const APP1 = 0xe1;
const EXIF_HEADER = Buffer.from('Exif\0\0', 'latin1');
const XMP_HEADERS = ['http://ns.adobe.com/xap/1.0/\0', 'http://ns.adobe.com/xmp/extension/\0'].map(
  (header) => Buffer.from(header, 'latin1'),
);
const GPS_IFD_TAG = 0x8825;
/** Bytes per value of each TIFF field type, by type number. */
const TYPE_BYTES = [0, 1, 1, 2, 4, 8, 1, 1, 2, 4, 8, 4, 8, 4];

/**
 * Blanks the GPS IFD of a TIFF structure in place: its entries and the values they point to
 * become zeros and its entry count 0, so every other offset in the block stays right.
 */
function blankGpsIfd(tiff: Buffer): void {
  if (tiff.length < 8) return;
  const little = tiff.toString('latin1', 0, 2) === 'II';
  if (!little && tiff.toString('latin1', 0, 2) !== 'MM') return;
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const fits = (at: number, length: number) => at >= 0 && length >= 0 && at + length <= tiff.length;
  const ifd0 = u32(4);
  if (!fits(ifd0, 2)) return;
  const entries = u16(ifd0);
  let gps = -1;
  for (let index = 0; index < entries && fits(ifd0 + 2 + index * 12, 12); index += 1) {
    const entry = ifd0 + 2 + index * 12;
    if (u16(entry) === GPS_IFD_TAG) gps = u32(entry + 8);
  }
  if (gps < 0 || !fits(gps, 2)) return;
  const gpsEntries = u16(gps);
  for (let index = 0; index < gpsEntries && fits(gps + 2 + index * 12, 12); index += 1) {
    const entry = gps + 2 + index * 12;
    const bytes = (TYPE_BYTES[u16(entry + 2)] ?? 0) * u32(entry + 4);
    if (bytes > 4 && fits(u32(entry + 8), bytes))
      tiff.fill(0, u32(entry + 8), u32(entry + 8) + bytes);
    tiff.fill(0, entry, entry + 12);
  }
  tiff.fill(0, gps, gps + 2);
}

/** A whole APP1 segment with its location removed; null when the segment must go entirely. */
function withoutLocation(segment: Buffer): Buffer | null {
  const payload = segment.subarray(4);
  if (payload.subarray(0, EXIF_HEADER.length).equals(EXIF_HEADER)) {
    blankGpsIfd(payload.subarray(EXIF_HEADER.length));
    return segment;
  }
  const isXmp = XMP_HEADERS.some((header) => payload.subarray(0, header.length).equals(header));
  return isXmp && payload.includes('exif:GPS') ? null : segment;
}

/**
 * A JPEG's bytes without the location its camera recorded: the Exif GPS IFD is blanked and
 * XMP that names a GPS position is dropped; everything else, orientation and the image
 * included, stays byte for byte. Anything that is not a well-formed JPEG header passes as is.
 */
export async function* withoutGpsLocation(
  source: AsyncIterable<Uint8Array>,
): AsyncGenerator<Uint8Array> {
  const reader = new PullReader(source);
  await reader.fill(2);
  const start = reader.peek();
  if (start.length < 2 || start[0] !== 0xff || start[1] !== START_OF_IMAGE) {
    yield* reader.rest();
    return;
  }
  yield reader.take(2);
  for (;;) {
    const have = await reader.fill(4);
    const head = reader.peek();
    if (have < 4 || head[0] !== 0xff) break;
    const marker = head[1] ?? 0;
    if (marker === 0xff) {
      yield reader.take(1); // fill byte before a marker
      continue;
    }
    if (marker === START_OF_SCAN || marker < 0xc0) break;
    const length = 2 + head.readUInt16BE(2);
    if ((await reader.fill(length)) < length) break;
    const segment = reader.take(length);
    const kept = marker === APP1 ? withoutLocation(segment) : segment;
    if (kept) yield kept;
  }
  yield* reader.rest();
}
