import { createHash } from 'node:crypto';
import { DomainError, invalidInput } from '../domain-errors.js';
import { PullReader } from './pull-reader.js';
import { SNIFF_BYTES, sniffType } from './sniff-type.js';
import { withoutGpsLocation } from './strip-gps.js';
import type { UploadInFlight } from './uploads-in-flight.js';

export interface ReceivedFile {
  sha256: string;
  type: string;
  /** Bytes stored, which may be fewer than were sent once a photo's location is removed. */
  size: number;
}

export interface UploadLimits {
  /** ATTACHMENT_LIMIT: past it the upload is refused as too large. */
  maxBytes: number;
  /**
   * What was left of the account's quota as the upload began: past it, counting the bytes all
   * the account's uploads under way have received, the upload is refused as over quota.
   */
  quotaLeft: number;
  /** Counts this upload's bytes among the account's uploads under way. */
  inFlight: UploadInFlight;
  stripExif: boolean;
  /** The length the client declared, if it did: a body that ends short of it is refused. */
  declaredBytes?: number;
}

export const tooLargeAttachment = (maxBytes: number) =>
  new DomainError('too_large', `A file may be at most ${formatBytes(maxBytes)}`);
export const quotaExceeded = () =>
  new DomainError('quota_exceeded', 'This file would take the account past its storage quota');

function formatBytes(bytes: number): string {
  const mib = bytes / (1024 * 1024);
  return mib >= 1 ? `${Number(mib.toFixed(1))} MiB` : `${Math.ceil(bytes / 1024)} KiB`;
}

/** The sent bytes as they arrive, stopped with the right error as soon as one limit is passed. */
async function* withinLimits(
  body: AsyncIterable<Uint8Array>,
  limits: UploadLimits,
): AsyncGenerator<Uint8Array> {
  let received = 0;
  for await (const piece of body) {
    received += piece.byteLength;
    if (received > limits.maxBytes) throw tooLargeAttachment(limits.maxBytes);
    if (limits.inFlight.received(piece.byteLength) > limits.quotaLeft) throw quotaExceeded();
    yield piece;
  }
  const declared = limits.declaredBytes;
  if (declared !== undefined && Number.isFinite(declared) && received !== declared) {
    throw invalidInput('The upload ended before the whole file arrived');
  }
}

/**
 * Takes an upload as it arrives: checks it against the limits, reads its type from its first
 * bytes, removes a photo's location when asked, and hashes and counts what `store` is given.
 * Only the first few KiB are held at once, whatever the file's size.
 */
export async function receiveUpload(
  body: AsyncIterable<Uint8Array>,
  limits: UploadLimits,
  store: (bytes: AsyncIterable<Uint8Array>) => Promise<void>,
): Promise<ReceivedFile> {
  const reader = new PullReader(withinLimits(body, limits));
  await reader.fill(SNIFF_BYTES);
  const type = await sniffType(reader.peek().subarray(0, SNIFF_BYTES));
  const bytes =
    type === 'image/jpeg' && limits.stripExif ? withoutGpsLocation(reader.rest()) : reader.rest();
  const hash = createHash('sha256');
  let size = 0;
  async function* hashed(): AsyncGenerator<Uint8Array> {
    for await (const piece of bytes) {
      hash.update(piece);
      size += piece.byteLength;
      yield piece;
    }
  }
  await store(hashed());
  return { sha256: hash.digest('hex'), type, size };
}
