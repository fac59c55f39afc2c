import { type Compilable, type CompiledQuery, PostgresAdapter } from 'kysely';
import { escapePostgresText } from './postgres-text.js';
import type { Db } from './schema.js';

/** What a parameter is while the query is built: a string that compiles to a bound value. */
const MARKER = '\u0002quire-parameter:';

type Slot = { parameter: string } | { value: unknown };

interface Compiled {
  query: CompiledQuery;
  slots: Slot[];
  /** PostgreSQL text is escaped on its way in (postgres-text.ts); the plugin did the constants. */
  escapeText: boolean;
}

/**
 * A query written with Kysely's builder, compiled once per dialect and then run with new values:
 * building and compiling a query costs several times what SQLite takes to run a small one, and
 * the hot paths (a save, a session check) run the same few queries every time. Parameters are
 * named; while the query is built each stands as a marker, which compiling leaves as a bound
 * value to swap for the real one.
 * It is for the server's save and create rates: building each query anew on every request
 * costs them a large share on both databases (bench/RESULTS.md).
 */
export class PreparedQuery<P extends object, R> {
  private readonly byDialect = new WeakMap<object, Compiled>();

  constructor(private readonly build: (db: Db, parameters: P) => Compilable<R>) {}

  async execute(db: Db, parameters: P): Promise<R[]> {
    const { query, slots, escapeText } = this.compiled(db);
    const values = slots.map((slot) => {
      if (!('parameter' in slot)) return slot.value;
      const value = (parameters as Record<string, unknown>)[slot.parameter];
      return escapeText && typeof value === 'string' ? escapePostgresText(value) : value;
    });
    return (await db.executeQuery<R>({ ...query, parameters: values })).rows;
  }

  async executeTakeFirst(db: Db, parameters: P): Promise<R | undefined> {
    return (await this.execute(db, parameters))[0];
  }

  private compiled(db: Db): Compiled {
    const adapter = db.getExecutor().adapter;
    let compiled = this.byDialect.get(adapter);
    if (!compiled) {
      const markers = new Proxy({} as P, { get: (_, name) => `${MARKER}${String(name)}` });
      const query = this.build(db, markers).compile();
      if (query.sql.includes(MARKER)) throw new Error(`a parameter was inlined: ${query.sql}`);
      const slots = query.parameters.map((value): Slot => {
        const named = typeof value === 'string' && value.startsWith(MARKER);
        return named ? { parameter: value.slice(MARKER.length) } : { value };
      });
      compiled = { query, slots, escapeText: adapter instanceof PostgresAdapter };
      this.byDialect.set(adapter, compiled);
    }
    return compiled;
  }
}

/** Shorthand: `prepared((db, p) => db.selectFrom(…).where('id', '=', p.id))`. */
export const prepared = <P extends object, R>(build: (db: Db, parameters: P) => Compilable<R>) =>
  new PreparedQuery<P, R>(build);
