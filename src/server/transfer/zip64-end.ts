/**
 * fflate writes a zip's entry count in 16 bits, so a zip of more than 65,535 files (an export
 * of that many notes) would list only the count modulo 65,536 to most readers. For such a zip,
 * this rewrites the end of the central directory in the ZIP64 form (APPNOTE 4.3.14–4.3.16),
 * which carries the count in 64 bits. Offsets stay 32-bit: zips past 4 GiB are not supported.
 */
const END_LENGTH = 22;
const MAX_16 = 0xffff;

export function withZip64End(finalChunk: Uint8Array, entryCount: number): Uint8Array {
  if (entryCount <= MAX_16) return finalChunk;
  const endAt = finalChunk.length - END_LENGTH;
  const end = new DataView(finalChunk.buffer, finalChunk.byteOffset + endAt, END_LENGTH);
  if (end.getUint32(0, true) !== 0x06054b50) throw new Error('the zip writer ended unexpectedly');
  const directorySize = end.getUint32(12, true);
  const directoryOffset = end.getUint32(16, true);

  const out = new Uint8Array(endAt + 56 + 20 + END_LENGTH);
  out.set(finalChunk.subarray(0, endAt));
  const view = new DataView(out.buffer);
  let at = endAt;
  // The ZIP64 end of central directory record.
  view.setUint32(at, 0x06064b50, true);
  view.setBigUint64(at + 4, 44n, true);
  view.setUint16(at + 12, 45, true);
  view.setUint16(at + 14, 45, true);
  view.setBigUint64(at + 24, BigInt(entryCount), true);
  view.setBigUint64(at + 32, BigInt(entryCount), true);
  view.setBigUint64(at + 40, BigInt(directorySize), true);
  view.setBigUint64(at + 48, BigInt(directoryOffset), true);
  at += 56;
  // Its locator: where the record starts (right after the central directory).
  view.setUint32(at, 0x07064b50, true);
  view.setBigUint64(at + 8, BigInt(directoryOffset + directorySize), true);
  view.setUint32(at + 16, 1, true);
  at += 20;
  // The classic end record, its count saying "see ZIP64".
  out.set(finalChunk.subarray(endAt), at);
  view.setUint16(at + 8, MAX_16, true);
  view.setUint16(at + 10, MAX_16, true);
  return out;
}
