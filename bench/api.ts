/** The API calls the benchmarks need to set up their data, made the way the web client makes them. */

export interface BenchNote {
  id: string;
  body: string;
  timeCreated: number;
  timeLastModified: number;
}

const PASSWORD = 'correct horse battery';

async function call(url: string, method: string, token: string | undefined, body?: unknown) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token !== undefined) headers.token = token;
  const response = await fetch(url, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, text };
}

/** Creates an account and returns its session token. */
export async function signUp(baseUrl: string, email: string): Promise<string> {
  const { status, text } = await call(`${baseUrl}/api/signup`, 'POST', undefined, {
    username: email,
    password: PASSWORD,
  });
  if (status !== 201) throw new Error(`signup failed: ${status} ${text}`);
  return text;
}

export async function createNote(baseUrl: string, token: string, body: string): Promise<BenchNote> {
  const { status, text } = await call(`${baseUrl}/api/notes`, 'POST', token, { body });
  if (status !== 201) throw new Error(`creating a note failed: ${status} ${text}`);
  return JSON.parse(text) as BenchNote;
}

/** Runs `work` over `items` with at most `limit` calls in flight. */
export async function inParallel<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await work(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
}
