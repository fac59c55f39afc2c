import zlib from 'node:zlib';
import { inParallel } from './api.js';
import { noteText, seededRandom } from './note-text.js';
import { buildRequest, RawConnection } from './raw-http.js';
import type { ServerProcess } from './server-process.js';
import type { Settings } from './settings.js';
import { type LatencySummary, summarize } from './stats.js';

const LOADING_CONNECTIONS = 8;
const WARMUP_REQUESTS = 2;

/** Creates `count` notes for the user over the API, several requests in flight. */
export async function loadNotes(
  server: ServerProcess,
  token: string,
  settings: Settings,
): Promise<{ seconds: number }> {
  const start = performance.now();
  const headers = { 'content-type': 'application/json', token };
  const connections = Array.from(
    { length: LOADING_CONNECTIONS },
    () => new RawConnection(server.port),
  );
  const lanes = connections.map((connection, lane) => ({ connection, lane }));
  try {
    await inParallel(lanes, LOADING_CONNECTIONS, async ({ connection, lane }) => {
      for (let i = lane; i < settings.largeListNotes; i += LOADING_CONNECTIONS) {
        const body = JSON.stringify({
          body: noteText(seededRandom(i), settings.noteBytes, `Note ${i}`),
        });
        const response = await connection.request(
          buildRequest('POST', '/api/notes', headers, body),
        );
        if (response.status !== 201) throw new Error(`creating note ${i}: ${response.status}`);
      }
    });
  } finally {
    for (const connection of connections) connection.close();
  }
  return { seconds: (performance.now() - start) / 1000 };
}

export interface ListResult {
  encoding: string;
  latency: LatencySummary;
  /** Body bytes on the wire. */
  wireBytes: number;
  /** Body bytes once decoded. */
  jsonBytes: number;
}

function decode(encoding: string, body: Buffer): Buffer {
  if (encoding === 'gzip') return zlib.gunzipSync(body);
  if (encoding === 'br') return zlib.brotliDecompressSync(body);
  return body;
}

/**
 * `GET /api/notes` of the large list, one request at a time (as one browser tab loads it),
 * plain and with each compression a browser offers; every answer is checked once.
 */
export async function measureLargeList(
  server: ServerProcess,
  token: string,
  settings: Settings,
): Promise<ListResult[]> {
  const results: ListResult[] = [];
  for (const encoding of ['identity', 'gzip', 'br']) {
    const headers: Record<string, string> = { token };
    if (encoding !== 'identity') headers['accept-encoding'] = encoding;
    const request = buildRequest('GET', '/api/notes', headers);
    const connection = new RawConnection(server.port);
    try {
      const first = await connection.request(request, true);
      const sent = first.headers.get('content-encoding') ?? 'identity';
      const json = decode(sent, first.body ?? Buffer.alloc(0));
      const listed = (JSON.parse(json.toString()) as { results: unknown[] }).results.length;
      if (first.status !== 200 || sent !== encoding || listed !== settings.largeListNotes) {
        throw new Error(`GET ${encoding}: ${first.status}, sent ${sent}, ${listed} notes`);
      }
      for (let i = 0; i < WARMUP_REQUESTS; i += 1) await connection.request(request);
      const latencies: number[] = [];
      let wireBytes = 0;
      for (let i = 0; i < settings.largeListSamples; i += 1) {
        const begin = performance.now();
        const response = await connection.request(request);
        latencies.push(performance.now() - begin);
        wireBytes = response.bodyBytes;
      }
      results.push({ encoding, latency: summarize(latencies), wireBytes, jsonBytes: json.length });
    } finally {
      connection.close();
    }
  }
  return results;
}
