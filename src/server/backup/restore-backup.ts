import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.js';
import { migrateToLatest } from '../db/migrate.js';
import { restoreDatabaseFile, whyNotEmpty } from '../storage/backup-copy.js';
import { openDatabase } from '../storage/open-database.js';
import { BackupError } from './backup-error.js';
import { ATTACHMENTS_FOLDER } from './make-backup.js';
import type { Manifest } from './manifest.js';
import { checkedBackup } from './verify-backup.js';

function folderHoldsFiles(dir: string): boolean {
  try {
    return fs.readdirSync(dir).length > 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

/** Where the backup's attachment files go, once it is sure nothing is there yet. */
function attachmentTarget(config: Config, manifest: Manifest): string | undefined {
  if (manifest.files.length === 0) return undefined;
  const settings = config.attachments;
  if (settings === false || settings.storage !== 'disk') {
    throw new BackupError(
      'this backup holds attachment files, but attachments are not kept on disk here: set ATTACHMENT_STORAGE=disk (and ATTACHMENT_DIR) to restore them',
    );
  }
  if (folderHoldsFiles(settings.dir)) {
    throw new BackupError(
      `refusing to restore: ${settings.dir} (ATTACHMENT_DIR) is not empty; a restore goes into an empty data location only`,
    );
  }
  return settings.dir;
}

/**
 * `quire restore`: brings a backup back into an empty data location (the configured
 * DATABASE_URL and ATTACHMENT_DIR), refusing one that holds anything, then upgrades the schema.
 */
export async function restoreBackup(named: string, config: Config): Promise<Manifest> {
  const { folder, manifest } = await checkedBackup(named);
  const held = await whyNotEmpty(config.database);
  if (held) {
    throw new BackupError(
      `refusing to restore: ${held}; a restore goes into an empty data location only (point DATABASE_URL at a new one)`,
    );
  }
  const filesDir = attachmentTarget(config, manifest);
  if (filesDir !== undefined) {
    for (const file of manifest.files) {
      const relative = path.posix.relative(ATTACHMENTS_FOLDER, file.path);
      const target = path.join(filesDir, relative);
      await fs.promises.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
      await fs.promises.copyFile(path.join(folder, file.path), target);
      await fs.promises.chmod(target, 0o600);
    }
  }
  await restoreDatabaseFile(
    manifest.database.format,
    path.join(folder, manifest.database.file),
    config.database,
  );
  const database = await openDatabase(config.database);
  try {
    await migrateToLatest(database.db);
  } finally {
    await database.close();
  }
  return manifest;
}
