/** How long one read of `data_version` stands: requests arriving together share it. */
const FRESH_MS = 5;

/**
 * SQLite's count of other connections' commits (`pragma data_version`), read at most once in a
 * few milliseconds. Each read opens a read transaction, and every signed-in request and share
 * page asks; a command run beside the server is still seen within those milliseconds of its
 * commit.
 */
export function dataVersionReader(statement: { get(): unknown }): () => number {
  let value = 0;
  let readAt = Number.NEGATIVE_INFINITY;
  return () => {
    const now = performance.now();
    if (now - readAt > FRESH_MS) {
      value = statement.get() as number;
      readAt = now;
    }
    return value;
  };
}
