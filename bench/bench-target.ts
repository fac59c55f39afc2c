import { inParallel, signUp } from './api.js';
import { noteText, seededRandom } from './note-text.js';
import { buildRequest, RawConnection } from './raw-http.js';
import type { ServerProcess } from './server-process.js';
import type { Settings } from './settings.js';

const LOADING_CONNECTIONS = 8;

export type Scenario = 'list' | 'large list' | 'update' | 'create';
export const LOAD_SCENARIOS: readonly Scenario[] = ['list', 'large list', 'update', 'create'];

/** A server with its users' notes in place and the requests of every load scenario built. */
export interface BenchTarget {
  label: string;
  server: ServerProcess;
  requests: Record<Scenario, (n: number) => Buffer>;
  expectStatus: Record<Scenario, number>;
  /** How long creating the notes took, per note created (a rough write rate at 8 in flight). */
  setupNotesPerSecond: number;
}

/** Creates `count` notes of about `bytes` for the user over the API; returns their ids. */
async function createNotes(server: ServerProcess, token: string, count: number, bytes: number) {
  const headers = { 'content-type': 'application/json', token };
  const ids: string[] = new Array(count);
  const lanes = Array.from({ length: LOADING_CONNECTIONS }, (_, lane) => lane);
  await inParallel(lanes, LOADING_CONNECTIONS, async (lane) => {
    const connection = new RawConnection(server.port);
    try {
      for (let i = lane; i < count; i += LOADING_CONNECTIONS) {
        const body = JSON.stringify({ body: noteText(seededRandom(i), bytes, `Note ${i}`) });
        const response = await connection.request(
          buildRequest('POST', '/api/notes', headers, body),
          true,
        );
        if (response.status !== 201) throw new Error(`creating note ${i}: ${response.status}`);
        ids[i] = (JSON.parse(response.body?.toString() ?? '{}') as { id: string }).id;
      }
    } finally {
      connection.close();
    }
  });
  return ids;
}

/** Fails loudly if a list answer is not what the load run will count as success. */
async function checkList(server: ServerProcess, request: Buffer, notes: number) {
  const connection = new RawConnection(server.port);
  try {
    const answer = await connection.request(request, true);
    const results = (JSON.parse(answer.body?.toString() ?? '{}') as { results?: unknown[] })
      .results;
    if (answer.status !== 200 || results?.length !== notes) {
      throw new Error(`${server.name} listed ${results?.length} notes (${answer.status})`);
    }
  } finally {
    connection.close();
  }
}

/** Signs up the users of the load scenarios, creates their notes and builds the requests. */
export async function prepareTarget(
  label: string,
  server: ServerProcess,
  s: Settings,
): Promise<BenchTarget> {
  const slug = label.replace(/\W+/g, '-');
  const [listToken, largeToken, createToken] = await Promise.all(
    ['list', 'large', 'create'].map((who) => signUp(server.url, `${who}-${slug}@bench.test`)),
  );
  const started = performance.now();
  const ids = await createNotes(server, listToken as string, s.listNotes, s.noteBytes);
  await createNotes(server, largeToken as string, s.largeListNotes, s.noteBytes);
  const seconds = (performance.now() - started) / 1000;

  const random = seededRandom(7);
  const json = { 'content-type': 'application/json' };
  const edits = ids.map((_, i) => noteText(random, s.noteBytes, `Note ${i} edited`));
  // Every save carries text the note does not hold yet: a save of unchanged text writes nothing.
  let saves = 0;
  const put = (n: number) => {
    const i = n % ids.length;
    saves += 1;
    return buildRequest(
      'PUT',
      '/api/notes',
      { ...json, token: listToken as string },
      JSON.stringify({ id: ids[i], body: `${edits[i]} ${saves}` }),
    );
  };
  const create = buildRequest(
    'POST',
    '/api/notes',
    { ...json, token: createToken as string },
    JSON.stringify({ body: noteText(random, s.noteBytes, 'A new note') }),
  );
  const list = buildRequest('GET', '/api/notes', { token: listToken as string });
  const largeList = buildRequest('GET', '/api/notes', { token: largeToken as string });
  await checkList(server, list, s.listNotes);
  await checkList(server, largeList, s.largeListNotes);
  return {
    label,
    server,
    requests: {
      list: () => list,
      'large list': () => largeList,
      update: put,
      create: () => create,
    },
    expectStatus: { list: 200, 'large list': 200, update: 200, create: 201 },
    setupNotesPerSecond: (s.listNotes + s.largeListNotes) / seconds,
  };
}
