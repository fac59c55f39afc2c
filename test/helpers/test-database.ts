import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { inject } from 'vitest';
import type { DatabaseLocation } from '../../src/server/db/location.js';
import { adminQuery, adminUrl, testDatabasePrefix } from './postgres-admin.js';
import { makeTempDir, removeTempDir } from './temp-dir.js';

export type TestDatabaseKind = DatabaseLocation['kind'];

/** Which database the integration suite runs on; the Vitest project sets it. */
export const testDatabaseKind: TestDatabaseKind =
  process.env.QUIRE_TEST_DATABASE === 'postgres' ? 'postgres' : 'sqlite';

/** A database of its own for one test or server, removed by `drop`. */
export interface TestDatabase {
  location: DatabaseLocation;
  /** The same database as DATABASE_URL spells it, for spawned processes. */
  url: string;
  drop(): Promise<void>;
}

/** `options` is appended to CREATE DATABASE, e.g. to pick another collation. */
export async function createPostgresDatabase(options = ''): Promise<TestDatabase> {
  const name = `${testDatabasePrefix(inject('postgresRunId'))}${randomBytes(6).toString('hex')}`;
  await adminQuery(`create database "${name}" ${options}`);
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return {
    location: { kind: 'postgres', url: url.href },
    url: url.href,
    drop: async () => {
      await adminQuery(`drop database if exists "${name}" with (force)`);
    },
  };
}

function createSqliteDatabase(): TestDatabase {
  const dir = makeTempDir();
  const file = path.join(dir, 'quire.db');
  return {
    location: { kind: 'sqlite', file },
    url: file,
    drop: async () => removeTempDir(dir),
  };
}

export async function createTestDatabase(
  kind: TestDatabaseKind = testDatabaseKind,
): Promise<TestDatabase> {
  return kind === 'postgres' ? createPostgresDatabase() : createSqliteDatabase();
}
