import pg from 'pg';

/** Quire cannot open its database; the message is one line and never holds a password. */
export class DatabaseUnavailableError extends Error {}

const INT8_OID = 20;

/**
 * `bigint` columns (times, change counters, counts) come back as JavaScript numbers, as they do
 * from SQLite. Every such value Quire stores is far below 2^53; one that is not is refused
 * rather than rounded.
 */
function parseInt8(text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new RangeError(`bigint ${text} does not fit a number`);
  return value;
}

// Set per client rather than on pg's global parsers, so nothing else in the process changes.
const types: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID && format !== 'binary'
      ? parseInt8
      : pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig['getTypeParser'],
};

/** How long one attempt to open a connection may take. */
export const CONNECT_TIMEOUT_MS = 5_000;

/** Settings shared by the pool's connections and the bus's listening connection. */
export function postgresClientConfig(url: string, applicationName: string): pg.ClientConfig {
  return {
    connectionString: url,
    application_name: applicationName,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
    types,
  };
}

/** `host:port/database` of a connection URL, for messages: never the user or password. */
export function describePostgresUrl(url: string): string {
  try {
    const parsed = new URL(url);
    const host = parsed.hostname || parsed.searchParams.get('host') || 'localhost';
    const database = decodeURIComponent(parsed.pathname.replace(/^\//, '')) || '(default)';
    return `${host}:${parsed.port || '5432'}/${database}`;
  } catch {
    return '(unreadable URL)';
  }
}

/** A short, one-line reason from a connection error (Node reports some as AggregateError). */
export function connectionFailureReason(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) {
    return connectionFailureReason(error.errors[0]);
  }
  const { message, code } = (error ?? {}) as { message?: unknown; code?: unknown };
  const text = typeof message === 'string' && message !== '' ? message : String(code ?? error);
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * Errors that waiting will not cure: bad credentials (SQLSTATE class 28) or a database that
 * does not exist (3D000). Anything else, such as a refused connection, may pass.
 */
export function isPermanentConnectionFailure(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code.startsWith('28') || code === '3D000');
}
