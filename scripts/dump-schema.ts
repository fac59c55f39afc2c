// Writes the schema every migration leaves in an empty database, one file per database, for
// review: `node --import tsx scripts/dump-schema.ts postgres://user@host/db` (a server where it
// may create and drop a scratch database). A test holds the migrations to these files.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { migrateToLatest } from '../src/server/db/migrate.js';
import { dumpPostgresSchema, dumpSqliteSchema } from '../src/server/db/schema-dump.js';
import { openDatabase } from '../src/server/storage/open-database.js';

const serverUrl = process.argv[2] ?? process.env.TEST_DATABASE_URL;
if (!serverUrl) throw new Error('usage: dump-schema.ts postgres://… (or set TEST_DATABASE_URL)');

const sqlite = await openDatabase({ kind: 'sqlite', file: ':memory:' });
await migrateToLatest(sqlite.db);
fs.writeFileSync('src/server/db/sqlite/schema.sql', await dumpSqliteSchema(sqlite.db));
await sqlite.close();

async function admin(statement: string): Promise<void> {
  const client = new pg.Client(serverUrl);
  await client.connect();
  await client.query(statement).finally(() => client.end());
}
const name = `quire_schema_${randomBytes(4).toString('hex')}`;
await admin(`create database ${name}`);
try {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const postgres = await openDatabase({ kind: 'postgres', url: url.href });
  await migrateToLatest(postgres.db);
  fs.writeFileSync('src/server/db/postgres/schema.sql', await dumpPostgresSchema(postgres.db));
  await postgres.close();
} finally {
  await admin(`drop database ${name} with (force)`);
}
