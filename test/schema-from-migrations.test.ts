import fs from 'node:fs';
import { expect, it } from 'vitest';
import { migrateToLatest } from '../src/server/db/migrate.js';
import { dumpPostgresSchema, dumpSqliteSchema } from '../src/server/db/schema-dump.js';
import { openDatabase } from '../src/server/storage/open-database.js';
import { createTestDatabase } from './helpers/test-database.js';

// The checked-in schema.sql of each database is the reviewed description of today's schema.
// Every migration, run in order on an empty database, must arrive at exactly it: a change to
// what a migration does shows up here, and a new migration comes with the schema it leaves
// (`node --import tsx scripts/dump-schema.ts postgres://…` writes both files).
it('runs every migration from empty and arrives at the checked-in schema', async () => {
  const testDatabase = await createTestDatabase();
  const database = await openDatabase(testDatabase.location);
  try {
    await migrateToLatest(database.db);
    const dump =
      database.kind === 'postgres'
        ? await dumpPostgresSchema(database.db)
        : await dumpSqliteSchema(database.db);
    const expected = fs.readFileSync(`src/server/db/${database.kind}/schema.sql`, 'utf8');
    expect(dump).toBe(expected);
  } finally {
    await database.close();
    await testDatabase.drop();
  }
});
