import type SQLite from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

/** Distinct SQL texts kept prepared; Quire issues a few dozen, so this bound is never reached. */
const MAX_CACHED_STATEMENTS = 500;

/**
 * Kysely prepares every query anew, which costs more than running it. Queries are built from
 * fixed templates, so keeping each prepared statement by its SQL text saves that work. Safe
 * because Kysely runs one query at a time on the connection and never iterates a statement
 * while running it again.
 */
export function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (!statement) {
        statement = sqlite.prepare(sql);
        if (statements.size >= MAX_CACHED_STATEMENTS) {
          const oldest = statements.keys().next().value;
          if (oldest !== undefined) statements.delete(oldest);
        }
        statements.set(sql, statement);
      }
      return statement;
    },
    close() {
      statements.clear();
      sqlite.close();
    },
  };
}
