import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { normalizeEmail } from '../accounts/credentials.js';
import { findUserByEmail } from '../accounts/user-repository.js';
import type { AttachmentBlobs } from '../attachments/attachment-blobs.js';
import type { Db } from '../db/schema.js';
import { exportZip } from '../transfer/export-zip.js';
import { CliError } from './cli-error.js';

/**
 * `quire export --user EMAIL --out FILE.zip` — the same zip as "Export all notes", for backups.
 * It is written beside the target and renamed at the end, so a failed run leaves no half file,
 * and only its owner may read it.
 */
export async function exportNotes(
  db: Db,
  rawEmail: string,
  out: string,
  blobs?: AttachmentBlobs,
): Promise<string> {
  const email = normalizeEmail(rawEmail);
  const user = await findUserByEmail(db, email);
  if (!user) throw new CliError(`No account with the email ${email}`);
  const partial = path.join(path.dirname(out), `.${path.basename(out)}.${process.pid}.partial`);
  try {
    await pipeline(
      exportZip(db, user.id, blobs),
      fs.createWriteStream(partial, { flags: 'wx', mode: 0o600 }),
    );
    await fs.promises.rename(partial, out);
  } catch (error) {
    await fs.promises.rm(partial, { force: true });
    throw error;
  }
  const { size } = await fs.promises.stat(out);
  return `Exported the notes of ${email} to ${out} (${size} bytes)`;
}
