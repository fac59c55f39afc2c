import type pg from 'pg';

/** The SQL texts kept parsed and planned on every connection, and the name each runs under. */
const names = new Map<string, string>();

/**
 * Marks a statement as one of the few the hot paths run again and again (prepared-query.ts
 * registers each when it first compiles it). Texts are fixed templates, so the set stays small.
 */
export function keepStatementPrepared(text: string): void {
  if (!names.has(text)) names.set(text, `quire_${names.size + 1}`);
}

type Query = (text: unknown, values?: unknown, callback?: unknown) => unknown;

/**
 * Makes the pool's connections run those statements as named prepared statements: PostgreSQL
 * parses and plans each once per connection instead of on every save, and later runs send only
 * their values. Every other query goes through as it came.
 */
export function prepareHotStatements(pool: pg.Pool): void {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as Query;
    const named: Query = (text, values, callback) => {
      const name = typeof text === 'string' ? names.get(text) : undefined;
      if (name === undefined || !Array.isArray(values) || callback !== undefined) {
        return query(text, values, callback);
      }
      return query({ name, text, values });
    };
    (client as unknown as { query: Query }).query = named;
  });
}
