import fs from 'node:fs';
import path from 'node:path';
import { type Static, Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { BACKUP_FORMATS } from '../storage/backup-copy.js';
import { BackupError } from './backup-error.js';

export const MANIFEST_FILE = 'manifest.json';

const Sha256 = Type.String({ pattern: '^[0-9a-f]{64}$' });
const Count = Type.Integer({ minimum: 0 });
// Only names Quire writes, so a changed manifest cannot send a restore outside its folders.
const DatabaseFile = Type.String({ pattern: '^database\\.(sqlite|pgdump)$' });
const AttachmentFile = Type.String({ pattern: '^attachments/[A-Za-z0-9_-]+/[A-Za-z0-9_-]+$' });

/** What a backup holds and how to tell it is whole: the manifest beside its files. */
export const Manifest = Type.Object({
  format: Type.Literal('quire-backup'),
  version: Type.Literal(1),
  name: Type.String(),
  /** When the database's copy was taken, Unix seconds. */
  timeMade: Count,
  database: Type.Object({
    format: Type.Union(BACKUP_FORMATS.map((format) => Type.Literal(format))),
    file: DatabaseFile,
    bytes: Count,
    sha256: Sha256,
  }),
  tables: Type.Record(Type.String(), Type.Object({ rows: Count, sha256: Sha256 })),
  /** Attachments' files, when the database kept them on disk; in the database otherwise. */
  files: Type.Array(Type.Object({ path: AttachmentFile, bytes: Count, sha256: Sha256 })),
});
export type Manifest = Static<typeof Manifest>;

/** A backup's folder from what a person names: the folder, or the manifest in it. */
export function backupFolder(named: string): string {
  const resolved = path.resolve(named);
  return path.basename(resolved) === MANIFEST_FILE ? path.dirname(resolved) : resolved;
}

/** Reads and checks the shape of a backup's manifest. */
export function readManifest(folder: string): Manifest {
  const file = path.join(folder, MANIFEST_FILE);
  let parsed: unknown;
  try {
    parsed = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new BackupError(
      code === 'ENOENT'
        ? `${folder} is not a Quire backup: it has no ${MANIFEST_FILE}`
        : `the manifest of ${folder} cannot be read: ${(error as Error).message}`,
    );
  }
  if (!Value.Check(Manifest, parsed)) {
    const first = Value.Errors(Manifest, parsed).First();
    throw new BackupError(
      `the manifest of ${folder} is not one Quire wrote (${first?.path || '/'}: ${first?.message ?? 'unexpected'})`,
    );
  }
  return parsed;
}

export function writeManifest(folder: string, manifest: Manifest): void {
  fs.writeFileSync(path.join(folder, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`, {
    mode: 0o600,
  });
}
