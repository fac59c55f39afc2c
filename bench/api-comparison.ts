import { createNote, signUp } from './api.js';
import { type LoadResult, runLoad } from './load-run.js';
import { noteText, seededRandom } from './note-text.js';
import { buildRequest, RawConnection } from './raw-http.js';
import type { ServerProcess } from './server-process.js';
import type { Settings } from './settings.js';

export type Endpoint = 'put' | 'get';
export const ENDPOINTS: readonly Endpoint[] = ['put', 'get'];

/** A server with one user's notes in place and the requests of both load runs built. */
export interface ApiTarget {
  label: string;
  server: ServerProcess;
  requests: Record<Endpoint, (n: number) => Buffer>;
}

/** Fails loudly if a server answers differently from what the load run will count as success. */
async function checkAnswers(server: ServerProcess, put: Buffer, get: Buffer, notes: number) {
  const connection = new RawConnection(server.port);
  try {
    const updated = await connection.request(put, true);
    const listed = await connection.request(get, true);
    const results = (JSON.parse(listed.body?.toString() ?? '{}') as { results?: unknown[] })
      .results;
    if (updated.status !== 200 || listed.status !== 200 || results?.length !== notes) {
      throw new Error(
        `${server.name} answered PUT ${updated.status}, GET ${listed.status} with ` +
          `${results?.length} notes: ${updated.body?.toString().slice(0, 200)}`,
      );
    }
  } finally {
    connection.close();
  }
}

/**
 * Signs up a user with `apiNotes` notes of about 1 KiB and builds the load requests:
 * `PUT /api/notes` rotating over those notes with new bodies, and `GET /api/notes`.
 */
export async function prepareApiTarget(
  label: string,
  server: ServerProcess,
  settings: Settings,
): Promise<ApiTarget> {
  const token = await signUp(server.url, `api-${label.replace(/\W+/g, '-')}@bench.test`);
  const random = seededRandom(1);
  const notes = [];
  for (let i = 0; i < settings.apiNotes; i += 1) {
    notes.push(
      await createNote(server.url, token, noteText(random, settings.noteBytes, `Note ${i}`)),
    );
  }
  const headers = { 'content-type': 'application/json', token };
  const puts = notes.map((note, i) =>
    buildRequest(
      'PUT',
      '/api/notes',
      headers,
      JSON.stringify({ ...note, body: noteText(random, settings.noteBytes, `Note ${i} edited`) }),
    ),
  );
  const get = buildRequest('GET', '/api/notes', { token });
  await checkAnswers(server, puts[0] as Buffer, get, settings.apiNotes);
  return {
    label,
    server,
    requests: { put: (n) => puts[n % puts.length] as Buffer, get: () => get },
  };
}

/** Runs of one endpoint on one server, one per round. */
export type ApiRuns = Record<Endpoint, LoadResult[]>;

/**
 * Each round runs every endpoint on every server in turn, so whatever else the machine is
 * doing falls on all of them alike; a server's idle process costs the others nothing.
 */
export async function compareApi(
  targets: readonly ApiTarget[],
  settings: Settings,
  onRun: (label: string, endpoint: Endpoint, round: number) => void,
): Promise<Map<string, ApiRuns>> {
  const runs = new Map<string, ApiRuns>(
    targets.map((target) => [target.label, { put: [], get: [] }]),
  );
  for (let round = 0; round < settings.rounds; round += 1) {
    for (const endpoint of ENDPOINTS) {
      for (const target of targets) {
        onRun(target.label, endpoint, round);
        const result = await runLoad({
          port: target.server.port,
          serverPid: target.server.pid,
          connections: settings.connections,
          warmupMs: settings.warmupMs,
          durationMs: settings.durationMs,
          expectStatus: 200,
          request: target.requests[endpoint],
        });
        runs.get(target.label)?.[endpoint].push(result);
      }
    }
  }
  return runs;
}

/** The run with the median throughput: one whole run, so its latencies belong to its rate. */
export function medianRun(runs: readonly LoadResult[]): LoadResult {
  const sorted = [...runs].sort((a, b) => a.perSecond - b.perSecond);
  const median = sorted[Math.floor((sorted.length - 1) / 2)];
  if (!median) throw new Error('no runs to summarize');
  return median;
}
