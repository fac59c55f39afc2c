import path from 'node:path';
import { recordBackupVerified } from '../backup/backup-records.js';
import { makeBackup } from '../backup/make-backup.js';
import type { Manifest } from '../backup/manifest.js';
import { restoreBackup } from '../backup/restore-backup.js';
import { verifyBackup } from '../backup/verify-backup.js';
import { nowInSeconds } from '../clock.js';
import type { Config } from '../config.js';
import { describeLocation } from '../db/location.js';
import { migrateToLatest } from '../db/migrate.js';
import { DatabaseUnavailableError, openDatabase } from '../storage/open-database.js';

const describeBackup = (manifest: Manifest) =>
  `${manifest.tables.users?.rows ?? 0} users, ${manifest.tables.notes?.rows ?? 0} notes, ${manifest.files.length} attachment files`;

/** `quire backup DIR`: a consistent backup of the configured database, while Quire runs. */
export async function backupCommand(config: Config, dir: string): Promise<string> {
  const database = await openDatabase(config.database, { mustExist: true });
  try {
    await migrateToLatest(database.db);
    const made = await makeBackup(
      { database, location: config.database, attachments: config.attachments },
      path.resolve(dir),
    );
    return `Backup written to ${made.folder} (${describeBackup(made.manifest)})`;
  } finally {
    await database.close();
  }
}

/**
 * `quire backup verify FILE`: restores the backup into a scratch database and compares it
 * with its manifest; the check is recorded in the configured database when there is one.
 */
export async function verifyCommand(config: Config, named: string): Promise<string> {
  const manifest = await verifyBackup(named, config.database);
  const checked = `Backup ${manifest.name} restores and matches its manifest (${describeBackup(manifest)})`;
  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase(config.database, { mustExist: true });
  } catch (error) {
    if (!(error instanceof DatabaseUnavailableError)) throw error;
    return `${checked}; not recorded: no database at ${describeLocation(config.database)}`;
  }
  try {
    await migrateToLatest(database.db);
    await recordBackupVerified(database.db, manifest.name, manifest.timeMade, nowInSeconds());
    return checked;
  } finally {
    await database.close();
  }
}

/** `quire restore FILE`: into an empty data location only. */
export async function restoreCommand(config: Config, named: string): Promise<string> {
  const manifest = await restoreBackup(named, config);
  return `Restored backup ${manifest.name} into ${describeLocation(config.database)} (${describeBackup(manifest)})`;
}
