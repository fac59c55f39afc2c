import fs from 'node:fs';
import path from 'node:path';
import type { AttachmentConfig } from '../config.js';
import type { DatabaseLocation } from '../db/location.js';
import type { Db } from '../db/schema.js';
import { copyDatabaseInto } from '../storage/backup-copy.js';
import type { Database } from '../storage/database.js';
import { BackupError } from './backup-error.js';
import { backupName } from './backup-names.js';
import { recordBackupMade } from './backup-records.js';
import { fileDigest } from './file-digest.js';
import { type Manifest, writeManifest } from './manifest.js';
import { readTableContents } from './table-contents.js';

/** What a backup is taken of: the open database, where it is, and where its files are. */
export interface BackupSource {
  database: Database;
  location: DatabaseLocation;
  attachments: AttachmentConfig | false;
}

export interface MadeBackup {
  name: string;
  folder: string;
  manifest: Manifest;
}

const SAFE_NAME = /^[A-Za-z0-9_-]+$/;
export const ATTACHMENTS_FOLDER = 'attachments';

/** The attachments whose bytes are whole, as the database's copy lists them. */
async function storedAttachments(db: Db): Promise<{ user_id: string; id: string }[]> {
  return db
    .selectFrom('attachments')
    .select(['user_id', 'id'])
    .where('sha256', 'is not', null)
    .orderBy('id')
    .execute();
}

/** Copies the files of the listed attachments from ATTACHMENT_DIR into the backup. */
async function copyAttachmentFiles(
  listed: { user_id: string; id: string }[],
  fromDir: string,
  folder: string,
): Promise<Manifest['files']> {
  const files: Manifest['files'] = [];
  for (const { user_id: userId, id } of listed) {
    if (!SAFE_NAME.test(userId) || !SAFE_NAME.test(id)) {
      throw new BackupError(`attachment ${JSON.stringify(id)} has a name that is not a file name`);
    }
    const relative = path.posix.join(ATTACHMENTS_FOLDER, userId, id);
    const target = path.join(folder, relative);
    await fs.promises.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    try {
      await fs.promises.copyFile(path.join(fromDir, userId, id), target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      throw new BackupError(
        `the file of attachment ${id} is not in ${fromDir}; is ATTACHMENT_DIR the server's?`,
      );
    }
    files.push({ path: relative, ...(await fileDigest(target)) });
  }
  return files;
}

/**
 * Writes one backup into `dir`: a folder named by the UTC time, holding a consistent copy of
 * the database, the attachments' files when they are kept on disk, and a manifest of counts and
 * checksums. It is written as `NAME.partial` and renamed once whole, so a finished name always
 * means a whole backup. The backup is recorded in the database as made.
 */
export async function makeBackup(
  source: BackupSource,
  dir: string,
  now = new Date(),
): Promise<MadeBackup> {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const name = backupName(now);
  const folder = path.join(dir, name);
  const partial = `${folder}.partial`;
  fs.mkdirSync(partial, { mode: 0o700 });
  let manifest: Manifest;
  try {
    const copy = await copyDatabaseInto(source.database, source.location, partial, async (db) => ({
      tables: await readTableContents(db),
      listed: await storedAttachments(db),
    }));
    const onDisk = source.attachments && source.attachments.storage === 'disk';
    const files =
      onDisk && source.attachments
        ? await copyAttachmentFiles(copy.described.listed, source.attachments.dir, partial)
        : [];
    manifest = {
      format: 'quire-backup',
      version: 1,
      name,
      timeMade: Math.floor(now.getTime() / 1000),
      database: {
        format: copy.format,
        file: copy.fileName,
        ...(await fileDigest(path.join(partial, copy.fileName))),
      },
      tables: copy.described.tables,
      files,
    };
    writeManifest(partial, manifest);
    fs.renameSync(partial, folder);
  } catch (error) {
    fs.rmSync(partial, { recursive: true, force: true });
    throw error;
  }
  await recordBackupMade(source.database.db, name, manifest.timeMade);
  return { name, folder, manifest };
}
