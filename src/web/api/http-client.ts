/** The request never got an answer (offline, server down, connection reset). */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super('The server could not be reached', { cause });
    this.name = 'NetworkError';
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  token: string;
  body?: unknown;
  signal?: AbortSignal;
}

/**
 * Sends one API call. Every call carries the "token" and "content-type: application/json"
 * headers (spec §7); a failure to connect becomes a NetworkError, any answer is returned as is.
 */
export async function apiRequest(path: string, options: RequestOptions): Promise<Response> {
  const init: RequestInit = {
    method: options.method ?? 'GET',
    headers: { token: options.token, 'content-type': 'application/json' },
    cache: 'no-store',
  };
  if (options.body !== undefined) init.body = JSON.stringify(options.body);
  if (options.signal) init.signal = options.signal;
  try {
    return await fetch(path, init);
  } catch (error) {
    throw new NetworkError(error);
  }
}

/** The `error` text of a JSON error answer, when there is one. */
export async function readErrorText(response: Response): Promise<string | undefined> {
  try {
    const data: unknown = await response.json();
    if (data && typeof data === 'object' && 'error' in data && typeof data.error === 'string') {
      return data.error;
    }
  } catch {
    // not JSON; nothing to show
  }
  return undefined;
}
