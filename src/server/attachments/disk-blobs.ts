import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { AttachmentBlobs, ByteRange } from './attachment-blobs.js';

const SAFE_NAME = /^[A-Za-z0-9_-]+$/;
/** Larger reads than the default 64 KiB: fewer trips through the stream machinery per file. */
const READ_BYTES = 1024 * 1024;

/**
 * Attachments as files under one folder, one subfolder per account: `<dir>/<user>/<id>`. A file
 * is written under a temporary name and renamed when whole, so a reader never sees half of it.
 * The folders are the owner's alone (0700), the files 0600, as the database is.
 */
export class DiskBlobs implements AttachmentBlobs {
  constructor(private readonly dir: string) {}

  private folder(userId: string): string {
    if (!SAFE_NAME.test(userId)) throw new Error('an account id that is not a file name');
    return path.join(this.dir, userId);
  }

  private file(userId: string, id: string): string {
    if (!SAFE_NAME.test(id)) throw new Error('an attachment id that is not a file name');
    return path.join(this.folder(userId), id);
  }

  async write(userId: string, id: string, source: AsyncIterable<Uint8Array>): Promise<void> {
    const final = this.file(userId, id);
    await fs.promises.mkdir(path.dirname(final), { recursive: true, mode: 0o700 });
    const partial = `${final}.${randomBytes(6).toString('hex')}.partial`;
    try {
      await pipeline(Readable.from(source), fs.createWriteStream(partial, { mode: 0o600 }));
      await fs.promises.rename(partial, final);
    } catch (error) {
      await fs.promises.rm(partial, { force: true });
      throw error;
    }
  }

  read(userId: string, id: string, range: ByteRange): Readable {
    return fs.createReadStream(this.file(userId, id), { ...range, highWaterMark: READ_BYTES });
  }

  async remove(userId: string, id: string): Promise<void> {
    await fs.promises.rm(this.file(userId, id), { force: true });
  }

  async removeAccount(userId: string): Promise<void> {
    await fs.promises.rm(this.folder(userId), { recursive: true, force: true });
  }

  async removeAccountsOtherThan(liveUsers: ReadonlySet<string>): Promise<number> {
    let entries: string[];
    try {
      entries = await fs.promises.readdir(this.dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
      throw error;
    }
    const gone = entries.filter((entry) => SAFE_NAME.test(entry) && !liveUsers.has(entry));
    for (const userId of gone) await this.removeAccount(userId);
    return gone.length;
  }
}
