import pg from 'pg';

/**
 * node-postgres reads every result column as UTF-8 text, so `bytea` arrives as hex text that
 * PostgreSQL must encode and Node must decode, and `binary: true` results are unusable (bytes
 * that are not UTF-8 get mangled). `COPY … TO STDOUT (FORMAT binary)` is the one way its bytes
 * arrive as they are stored: as raw CopyData messages, which node-postgres passes on untouched.
 */
const BINARY_COPY = /^copy\s*\(.*\)\s*to\s+stdout\s*\(\s*format\s+binary\s*\)\s*$/is;

/** `PGCOPY\n\377\r\n\0`, then 32-bit flags and the length of a header extension. */
const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');
const HEADER_BYTES = SIGNATURE.length + 4 + 4;

/** One row of a binary COPY: its fields' bytes, or null for a NULL. */
export type CopiedRow = Array<Buffer | null>;

/** The rows of a binary COPY's whole output; throws on anything that is not that format. */
export function parseBinaryCopy(bytes: Buffer): CopiedRow[] {
  if (bytes.length < HEADER_BYTES || !bytes.subarray(0, SIGNATURE.length).equals(SIGNATURE)) {
    throw new Error('not the output of a binary COPY');
  }
  let at = HEADER_BYTES + bytes.readUInt32BE(SIGNATURE.length + 4);
  const rows: CopiedRow[] = [];
  for (;;) {
    const fields = bytes.readInt16BE(at);
    at += 2;
    if (fields === -1) return rows;
    const row: CopiedRow = [];
    for (let field = 0; field < fields; field += 1) {
      const length = bytes.readInt32BE(at);
      at += 4;
      if (length === -1) row.push(null);
      else {
        if (at + length > bytes.length) throw new Error('a binary COPY that ends inside a field');
        row.push(bytes.subarray(at, at + length));
        at += length;
      }
    }
    rows.push(row);
  }
}

/** A COPY TO STDOUT that keeps what the server sends. */
class CopyOut extends pg.Query {
  private readonly received: Buffer[] = [];

  // Called by the client for each CopyData message; its buffer is the connection's and is
  // reused, so the bytes are copied.
  handleCopyData(message: { chunk: Buffer }): void {
    this.received.push(Buffer.from(message.chunk));
  }

  output(): Buffer {
    return Buffer.concat(this.received);
  }
}

/**
 * COPY takes no bind parameters, so the values a query builder passes as `$1`, `$2`… are
 * written into the text: strings as quoted literals, whole numbers as they are.
 */
function withValuesInline(client: pg.ClientBase, text: string, values: readonly unknown[]) {
  return text.replace(/\$(\d+)/g, (_whole, index: string) => {
    const value = values[Number(index) - 1];
    if (typeof value === 'string') return client.escapeLiteral(value);
    if (Number.isSafeInteger(value)) return String(value);
    throw new Error(`a COPY value that is neither text nor a whole number: ${typeof value}`);
  });
}

type Query = (text: unknown, values?: unknown, callback?: unknown) => unknown;

/**
 * Makes the pool's connections run `copy (…) to stdout (format binary)` for a query builder:
 * the answer's rows are the copied rows, each an array of its fields' bytes. Every other query
 * goes through as it came.
 */
export function answerBinaryCopies(pool: pg.Pool): void {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as Query;
    const copying: Query = (text, values, callback) => {
      if (typeof text !== 'string' || callback !== undefined || !BINARY_COPY.test(text)) {
        return query(text, values, callback);
      }
      return new Promise((resolve, reject) => {
        const copy = new CopyOut({
          text: withValuesInline(client, text, Array.isArray(values) ? values : []),
        });
        copy.on('error', reject);
        copy.on('end', () => {
          try {
            const rows = parseBinaryCopy(copy.output());
            resolve({ command: 'COPY', rowCount: rows.length, rows });
          } catch (error) {
            reject(error);
          }
        });
        query(copy);
      });
    };
    (client as unknown as { query: Query }).query = copying;
  });
}
