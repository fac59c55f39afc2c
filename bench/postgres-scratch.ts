import pg from 'pg';

async function adminQuery(adminUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3_000 });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * A throw-away PostgreSQL database for one bench run, on the server `adminUrl` points at;
 * undefined (with the reason) when that server cannot be reached.
 */
export async function createScratchDatabase(
  adminUrl: string,
): Promise<{ url: string; drop(): Promise<void> } | { skipped: string }> {
  const name = `quire_bench_${process.pid}_${Date.now().toString(36)}`;
  try {
    await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  } catch (error) {
    return { skipped: `PostgreSQL at ${new URL(adminUrl).host} unavailable: ${error}` };
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
