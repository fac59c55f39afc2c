/** The request never got an answer (offline, server down, connection reset). */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super('The server could not be reached', { cause });
    this.name = 'NetworkError';
  }
}

/** A body the server has said it would refuse as too large; it is not sent at all. */
export class RequestTooLargeError extends Error {
  constructor() {
    super('The request is larger than the server accepts');
    this.name = 'RequestTooLargeError';
  }
}

/** What the server said it accepts (`GET /api/config`); unknown until it has been asked. */
export const requestLimits = { maxBodyBytes: Number.POSITIVE_INFINITY };

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  token: string;
  body?: unknown;
  signal?: AbortSignal;
  /** More request headers, such as `if-none-match`. */
  headers?: Record<string, string>;
}

/**
 * Sends one API call. Every call carries the "token" and "content-type: application/json" headers
 * (docs/api.md#routes); a failure to connect becomes a NetworkError, any answer is returned as is.
 */
export async function apiRequest(path: string, options: RequestOptions): Promise<Response> {
  const init: RequestInit = {
    method: options.method ?? 'GET',
    headers: { ...options.headers, token: options.token, 'content-type': 'application/json' },
    cache: 'no-store',
  };
  if (options.body !== undefined) {
    const body = JSON.stringify(options.body);
    // Cheap check first: UTF-8 takes at most three bytes per UTF-16 unit.
    const tooLarge =
      body.length * 3 > requestLimits.maxBodyBytes &&
      new TextEncoder().encode(body).length > requestLimits.maxBodyBytes;
    if (tooLarge) throw new RequestTooLargeError();
    init.body = body;
  }
  if (options.signal) init.signal = options.signal;
  try {
    return await fetch(path, init);
  } catch (error) {
    throw new NetworkError(error);
  }
}

/** The `{error, code}` of an error answer; either may be missing if the answer is not ours. */
export async function readApiError(
  response: Response,
): Promise<{ error: string | undefined; code: string | undefined }> {
  try {
    const data = (await response.json()) as { error?: unknown; code?: unknown } | null;
    return {
      error: typeof data?.error === 'string' ? data.error : undefined,
      code: typeof data?.code === 'string' ? data.code : undefined,
    };
  } catch {
    return { error: undefined, code: undefined }; // not JSON; nothing to show
  }
}
