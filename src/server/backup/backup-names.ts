import fs from 'node:fs';
import path from 'node:path';
import { MANIFEST_FILE } from './manifest.js';

const PREFIX = 'quire-backup-';
/** `quire-backup-2026-12-01T12-08-37-123Z`: UTC, sorting as time does, no colons. */
const NAME = /^quire-backup-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z$/;

/** A backup's folder name from the time it is made. */
export function backupName(time: Date): string {
  return `${PREFIX}${time.toISOString().replace(/[:.]/g, '-')}`;
}

/** The finished backups (those with a manifest) in a folder, oldest first. */
export function finishedBackups(dir: string): string[] {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return names
    .filter((name) => NAME.test(name) && fs.existsSync(path.join(dir, name, MANIFEST_FILE)))
    .sort();
}
