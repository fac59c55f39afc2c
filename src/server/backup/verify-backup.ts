import fs from 'node:fs';
import path from 'node:path';
import type { DatabaseLocation } from '../db/location.js';
import { inScratchDatabase } from '../storage/backup-copy.js';
import { BackupError } from './backup-error.js';
import { fileDigest } from './file-digest.js';
import { backupFolder, type Manifest, readManifest } from './manifest.js';
import { readTableContents } from './table-contents.js';

const SHOWN_PROBLEMS = 5;

function fail(manifest: Manifest, problems: string[]): never {
  const shown = problems.slice(0, SHOWN_PROBLEMS);
  const more = problems.length > shown.length ? `; and ${problems.length - shown.length} more` : '';
  throw new BackupError(`backup ${manifest.name} fails its check: ${shown.join('; ')}${more}`);
}

/** Whether every file of a backup is there with the size and checksum its manifest gives. */
async function fileProblems(folder: string, manifest: Manifest): Promise<string[]> {
  const problems: string[] = [];
  for (const entry of [manifest.database, ...manifest.files]) {
    const relative = 'file' in entry ? entry.file : entry.path;
    const file = path.join(folder, relative);
    if (!fs.existsSync(file)) {
      problems.push(`${relative} is missing`);
      continue;
    }
    const found = await fileDigest(file);
    if (found.bytes !== entry.bytes || found.sha256 !== entry.sha256) {
      problems.push(`${relative} is not the file the backup wrote (its checksum differs)`);
    }
  }
  return problems;
}

/** Reads a backup's manifest and checks its files; throws on the first sign of damage. */
export async function checkedBackup(
  named: string,
): Promise<{ folder: string; manifest: Manifest }> {
  const folder = backupFolder(named);
  const manifest = readManifest(folder);
  const problems = await fileProblems(folder, manifest);
  if (problems.length > 0) fail(manifest, problems);
  return { folder, manifest };
}

/**
 * `quire backup verify`: checks a backup's files against its manifest, restores its database
 * into a scratch database, and compares every table's count and checksum with the manifest.
 */
export async function verifyBackup(named: string, configured: DatabaseLocation): Promise<Manifest> {
  const { folder, manifest } = await checkedBackup(named);
  const file = path.join(folder, manifest.database.file);
  const restored = await inScratchDatabase(
    manifest.database.format,
    file,
    configured,
    readTableContents,
  );
  const problems = Object.entries(manifest.tables).flatMap(([table, expected]) => {
    const found = restored[table];
    if (!found) return [`table ${table} is not in the restored database`];
    if (found.rows !== expected.rows) {
      return [`${table}: ${expected.rows} rows in the manifest, ${found.rows} restored`];
    }
    if (found.sha256 !== expected.sha256) return [`${table}: the restored rows differ`];
    return [];
  });
  if (problems.length > 0) fail(manifest, problems);
  return manifest;
}
