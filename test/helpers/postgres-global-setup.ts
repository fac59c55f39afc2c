import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { describePostgresUrl } from '../../src/server/db/postgres-connection.js';
import { adminQuery, adminUrl, testDatabasePrefix } from './postgres-admin.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Marks the databases this run creates, so they are told apart from other runs'. */
    postgresRunId: string;
  }
}

/**
 * Before the PostgreSQL project: check the server answers, and give the run an id. After it:
 * drop any database of this run a failed test left behind.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const runId = randomBytes(4).toString('hex');
  try {
    await adminQuery('select 1');
  } catch (error) {
    const where = describePostgresUrl(adminUrl());
    throw new Error(
      `TEST_DATABASE_URL is set, but PostgreSQL at ${where} does not answer: ${(error as Error).message}`,
    );
  }
  project.provide('postgresRunId', runId);
  return async () => {
    const prefix = testDatabasePrefix(runId);
    const { rows } = await adminQuery(
      `select datname from pg_database where starts_with(datname, '${prefix}')`,
    );
    for (const { datname } of rows as Array<{ datname: string }>) {
      await adminQuery(`drop database if exists "${datname}" with (force)`);
    }
  };
}
