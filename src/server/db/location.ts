import path from 'node:path';
import { describePostgresUrl } from './postgres-connection.js';

/** Where the configured database is (DATABASE_URL): an SQLite file, or a PostgreSQL server. */
export type DatabaseLocation = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };

/** Where attachments' bytes are kept: files on disk, or rows of the database. */
export type AttachmentStorage = 'disk' | 'database';

/** A configured database as a person reads it: the file, or the URL without its password. */
export function describeLocation(location: DatabaseLocation): string {
  return location.kind === 'sqlite' ? location.file : describePostgresUrl(location.url);
}

/** Whether two configured locations name the same database. */
export function sameLocation(a: DatabaseLocation, b: DatabaseLocation): boolean {
  if (a.kind === 'sqlite' && b.kind === 'sqlite') {
    return path.resolve(a.file) === path.resolve(b.file);
  }
  return a.kind === b.kind && describeLocation(a) === describeLocation(b);
}

/** The folder of a SQLite file, for what is kept beside it; none for any other database. */
export function folderOfFile(location: DatabaseLocation): string | undefined {
  return location.kind === 'sqlite' && location.file !== ':memory:'
    ? path.dirname(location.file)
    : undefined;
}

/**
 * Where attachments are kept unless configured: in the database on PostgreSQL, which every
 * instance shares; on disk beside a SQLite file.
 */
export function defaultAttachmentStorage(location: DatabaseLocation): AttachmentStorage {
  return location.kind === 'postgres' ? 'database' : 'disk';
}
