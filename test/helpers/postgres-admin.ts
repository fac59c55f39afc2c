import pg from 'pg';

/** The PostgreSQL server the suite may use, as TEST_DATABASE_URL names it. */
export function adminUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set: PostgreSQL tests cannot run');
  return url;
}

/** Runs one statement on the admin database named by TEST_DATABASE_URL. */
export async function adminQuery(text: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: adminUrl(), connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

/** Names start with the run's prefix, so the run's teardown can find any it left behind. */
export function testDatabasePrefix(runId: string): string {
  return `quire_test_${runId}_`;
}
