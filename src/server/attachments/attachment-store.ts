import type { Attachment } from '../../shared/attachment.js';
import type { AttachmentConfig } from '../config.js';
import type { Db } from '../db/schema.js';
import { invalidInput } from '../domain-errors.js';
import type { AttachmentBlobs } from './attachment-blobs.js';
import { newAttachmentId } from './attachment-id.js';
import {
  beginUpload,
  bytesUsed,
  completeUpload,
  deleteAttachmentRow,
} from './attachment-repository.js';
import { quotaExceeded, receiveUpload, tooLargeAttachment } from './receive-upload.js';
import { UploadsInFlight } from './uploads-in-flight.js';

/** Names are cut to this many characters, as most file systems do, so headers stay short. */
const MAX_NAME_LENGTH = 255;
/** A cut name keeps an extension up to this long, so the file still opens with its program. */
const MAX_KEPT_EXTENSION = 16;

/**
 * The last part of a name a client or an import gave, without folders or control characters,
 * and cut to 255 characters keeping its extension.
 */
export function fileName(name: string | undefined): string {
  const last = (name ?? '').split(/[/\\]/).pop() ?? '';
  const clean = last.replace(/[\p{Cc}\p{Cf}]/gu, '').trim();
  if (clean === '') return 'file';
  const characters = Array.from(clean);
  if (characters.length <= MAX_NAME_LENGTH) return clean;
  const dot = clean.lastIndexOf('.');
  const extension = dot > 0 ? Array.from(clean.slice(dot)) : [];
  const kept = extension.length <= MAX_KEPT_EXTENSION ? extension.join('') : '';
  const stem = characters.slice(0, MAX_NAME_LENGTH - Array.from(kept).length).join('');
  return `${stem.trimEnd()}${kept}`;
}

/**
 * Stores files for accounts, from an upload or an import alike: within ATTACHMENT_LIMIT and
 * the account's quota, typed from their bytes, once per account whatever their name.
 */
export class AttachmentStore {
  constructor(
    readonly db: Db,
    readonly blobs: AttachmentBlobs,
    readonly settings: AttachmentConfig,
    private readonly clock: () => number,
  ) {}

  private readonly inFlight = new UploadsInFlight();

  /** Refuses, before any of it is read, a file whose declared size could not be stored. */
  async checkDeclaredSize(userId: string, declared: number): Promise<void> {
    if (declared > this.settings.limit) throw tooLargeAttachment(this.settings.limit);
    const left = this.settings.quota - (await bytesUsed(this.db, userId));
    if (declared > left - this.inFlight.bytes(userId)) throw quotaExceeded();
  }

  /** Stores the bytes `body` yields; throws a DomainError (400, 413) when they cannot be. */
  async store(
    userId: string,
    name: string,
    body: AsyncIterable<Uint8Array>,
    declaredBytes?: number,
  ): Promise<Attachment> {
    const { db, blobs, settings } = this;
    const id = newAttachmentId();
    const quotaLeft = settings.quota - (await bytesUsed(db, userId));
    await beginUpload(db, { id, userId, name: fileName(name), now: this.clock() });
    const inFlight = this.inFlight.begin(userId);
    try {
      const file = await receiveUpload(
        body,
        {
          maxBytes: settings.limit,
          quotaLeft,
          inFlight,
          stripExif: settings.stripExif,
          declaredBytes,
        },
        (bytes) => blobs.write(userId, id, bytes),
      );
      if (file.size === 0) throw invalidInput('The file is empty');
      // Uploads that arrived together may pass the quota between them: the last to finish is
      // refused.
      if ((await bytesUsed(db, userId)) + file.size > settings.quota) throw quotaExceeded();
      const { attachment, duplicate } = await completeUpload(db, userId, id, file, this.clock());
      if (duplicate) await this.forget(userId, id);
      const { sha256: _digest, ...answer } = attachment;
      return answer;
    } catch (error) {
      // A refused upload's bytes go at once: they leave room for the account's other uploads.
      inFlight.end();
      await this.forget(userId, id);
      throw error;
    } finally {
      inFlight.end();
    }
  }

  private async forget(userId: string, id: string): Promise<void> {
    await this.blobs.remove(userId, id);
    await deleteAttachmentRow(this.db, userId, id);
  }
}
