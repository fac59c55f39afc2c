import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, listNotes, signUp } from './helpers/api-client.js';
import { slowEnex } from './helpers/slow-import.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { heldImport, importFile } from './helpers/transfer-client.js';

const MIB = 1024 * 1024;
// Reading a file may take this long here; the slow import needs many times more.
const READ_TIMEOUT_MS = 1_500;
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ app: { imports: { readTimeoutMs: READ_TIMEOUT_MS } } });
});
afterAll(async () => server.close());

/** The answer time below which `share` of the answers came (a percentile). */
function percentile(answerMs: number[], share: number): number {
  const sorted = [...answerMs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] as number;
}

/** How long `GET /api/health` took to answer, each time it was asked until `work` settled. */
async function healthWhile(work: Promise<unknown>, on = server): Promise<number[]> {
  let running = true;
  void work.finally(() => {
    running = false;
  });
  const answerMs: number[] = [];
  while (running) {
    const start = performance.now();
    const response = await fetch(`${on.url}/api/health`);
    expect(response.status).toBe(200);
    await response.text();
    answerMs.push(performance.now() - start);
  }
  return answerMs;
}

describe('an import that is slow to read', () => {
  it('leaves the server answering meanwhile, and fails alone at the time limit', async () => {
    const token = await signUp(server.url);
    const slow = importFile(server.url, token, slowEnex(), 'slow.enex');
    const answerMs = await healthWhile(slow);
    const result = await slow;
    expect(result.status).toBe(422);
    expect(result.json).toEqual({
      code: 'unreadable_import',
      error: 'slow.enex: reading it took longer than 1.5 s; split it into smaller files',
    });
    expect(await listNotes(server.url, token)).toEqual([]);
    // Health answered all along while the worker read: most answers within 100 ms (on a busy
    // machine many wait for a core), and none held up for the reading's length.
    expect(answerMs.length).toBeGreaterThan(20);
    expect(percentile(answerMs, 0.5)).toBeLessThan(100);
    expect(Math.max(...answerMs)).toBeLessThan(READ_TIMEOUT_MS);
  });
});

describe('imports at once', () => {
  it('one at a time per account: a second gets 429 with Retry-After, others go on', async () => {
    const [busy, other] = [await signUp(server.url), await signUp(server.url)];
    // An import holds its place from the moment its request arrives. A probe sent before the
    // held import arrived takes the place for its own short import: the held import may then
    // have been refused, which shows only once it is let go, so it is let go and sent again.
    let attempt = 0;
    let held = heldImport(server.url, busy, 'held-0.md');
    await expect
      .poll(
        async () => {
          const probe = await importFile(server.url, busy, 'second', 'b.md');
          if (probe.status !== 429) {
            held.release();
            await held.answer;
            attempt += 1;
            held = heldImport(server.url, busy, `held-${attempt}.md`);
          }
          return probe.status;
        },
        { timeout: 20_000 },
      )
      .toBe(429);
    const refused = await fetch(`${server.url}/api/import?name=b.md`, {
      method: 'POST',
      headers: { token: busy, 'content-type': 'application/octet-stream' },
      body: 'second',
    });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({
      code: 'rate_limited',
      error: 'Another import of yours is under way; send this file when it is done',
    });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await importFile(server.url, other, 'fine', 'c.md')).json.imported).toBe(1);
    held.release();
    expect((await held.answer).json.imported).toBe(1);
    // Another file: a probe that won the race may have imported the second one already.
    expect((await importFile(server.url, busy, 'third', 'd.md')).json.imported).toBe(1);
  });
});

describe('a note larger than a save may be', () => {
  // Reading this file is quick, but not within the slow imports' short limit on a busy machine.
  let roomy: TestServer;
  beforeAll(async () => {
    roomy = await startTestServer();
  });
  afterAll(async () => roomy.close());

  it('is listed in failed and never stored; one that fits is stored and can be saved again', async () => {
    const token = await signUp(roomy.url);
    const config = await call(roomy.url, 'GET', '/api/config');
    const maxNoteBytes = config.json.maxNoteBytes as number;
    const fits = `fits\n${'a'.repeat(maxNoteBytes - 1024)}`;
    const tooLarge = `large\n${'b'.repeat(maxNoteBytes)}`;
    const file = JSON.stringify({
      activeNotes: [
        { id: 'fits', content: fits },
        { id: 'large', content: tooLarge },
      ],
    });
    const result = await importFile(roomy.url, token, file, 'notes.json');
    expect(result.status).toBe(200);
    expect(result.json).toEqual({
      imported: 1,
      skipped: 0,
      failed: [
        {
          name: 'notes.json (simplenote:large)',
          error: `larger than a note may be (${maxNoteBytes / MIB} MiB, as for a save)`,
        },
      ],
    });
    const [stored, ...others] = await listNotes(roomy.url, token);
    expect(others).toEqual([]);
    expect(stored?.body).toBe(fits);
    const saved = await call(roomy.url, 'PUT', '/api/notes', {
      token,
      body: { ...stored, body: `${fits}!` },
    });
    expect(saved.status).toBe(200);
  });
});

describe('three large imports at once', () => {
  let small: TestServer;
  beforeAll(async () => {
    small = await startTestServer({
      config: { importLimit: 8 * MIB },
      app: { imports: { readTimeoutMs: READ_TIMEOUT_MS } },
    });
  });
  afterAll(async () => small.close());

  it('run two at most; the third gets 429, and the server answers throughout', async () => {
    const tokens = [await signUp(small.url), await signUp(small.url), await signUp(small.url)];
    // Each file is nearly as large as IMPORT_LIMIT allows, and slow to read.
    // Encoded once: the test's client shares this process's event loop with the server.
    const file = new TextEncoder().encode(slowEnex(1_000_000));
    expect(file.length).toBeGreaterThan(7.5 * MIB);
    const all = Promise.all(
      tokens.map((token, i) => importFile(small.url, token, file, `big-${i}.enex`)),
    );
    const answerMs = await healthWhile(all, small);
    const results = await all;
    expect(results.map((result) => result.status).sort()).toEqual([422, 422, 429]);
    for (const result of results.filter((r) => r.status === 422)) {
      expect(result.json.error).toMatch(
        /^big-\d\.enex: reading it (took longer|needs more memory)/,
      );
    }
    // It answered all along, none held up for the reading's length; here the test's own uploads
    // share the event loop with the server.
    expect(answerMs.length).toBeGreaterThan(5);
    expect(Math.max(...answerMs)).toBeLessThan(READ_TIMEOUT_MS);
    for (const token of tokens) expect(await listNotes(small.url, token)).toEqual([]);
  });
});
