/**
 * Saves under a flood of logins: the p95 of `PUT /api/notes` from a few editors, first on a
 * quiet server, then while logins arrive at a fixed rate from distinct addresses, each costing
 * a full scrypt at the production cost. Run with `node --import tsx bench/login-flood.ts`;
 * loopback only, it stops by itself.
 *
 * LOGIN_FLOOD_RATE (logins a second, default 40), LOGIN_FLOOD_SECONDS (default 15),
 * SCRYPT_COST (default 17), BENCH_QUIRE_ROOT (another checkout, for a before/after).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createNote, signUp } from './api.js';
import { buildRequest, RawConnection } from './raw-http.js';
import { print, progress } from './report.js';
import { REPO_ROOT, type ServerProcess, startServer } from './server-process.js';
import { type LatencySummary, summarize } from './stats.js';

const LOGIN_RATE = Number(process.env.LOGIN_FLOOD_RATE ?? 40);
const FLOOD_MS = Number(process.env.LOGIN_FLOOD_SECONDS ?? 15) * 1000;
const QUIET_MS = 5000;
const EDITORS = 2;
const NOTES = 40;
/** A login still unanswered this long after the flood ended is abandoned. */
const LOGIN_GRACE_MS = 5000;
/** A save unanswered this long is counted at this time and its editor stops. */
const SAVE_TIMEOUT_MS = 20_000;
const PASSWORD = 'correct horse battery';

interface NoteRef {
  id: string;
  body: string;
}

/** Editors in a closed loop, each saving a changed text of one note after another. */
async function saveLoop(server: ServerProcess, token: string, notes: NoteRef[], ms: number) {
  const stopAt = performance.now() + ms;
  const latencies: number[] = [];
  let errors = 0;
  let timedOut = 0;
  let counter = 0;
  const editor = async (lane: number) => {
    const connection = new RawConnection(server.port);
    try {
      while (performance.now() < stopAt) {
        counter += 1;
        const note = notes[(counter * EDITORS + lane) % notes.length] as NoteRef;
        const body = `${note.body}\nedit ${counter}`;
        const bytes = buildRequest(
          'PUT',
          '/api/notes',
          { token, 'content-type': 'application/json' },
          JSON.stringify({ id: note.id, body }),
        );
        const begin = performance.now();
        const timeout = AbortSignal.timeout(SAVE_TIMEOUT_MS);
        const timedOutAnswer = new Promise<undefined>((resolve) =>
          timeout.addEventListener('abort', () => resolve(undefined)),
        );
        const response = await Promise.race([connection.request(bytes), timedOutAnswer]);
        latencies.push(performance.now() - begin);
        if (response === undefined) {
          timedOut += 1;
          return;
        }
        if (response.status !== 200) errors += 1;
      }
    } finally {
      connection.close();
    }
  };
  await Promise.all(Array.from({ length: EDITORS }, (_, lane) => editor(lane)));
  return { latency: summarize(latencies), errors, timedOut };
}

/** Logins at a fixed rate (an open loop), each from an address of its own. */
function loginFlood(server: ServerProcess, email: string, ms: number) {
  const statuses = new Map<string, number>();
  const answered: number[] = [];
  const inFlight = new Set<Promise<void>>();
  const abort = new AbortController();
  let sent = 0;
  const count = (key: string) => statuses.set(key, (statuses.get(key) ?? 0) + 1);
  const one = async (n: number) => {
    const begin = performance.now();
    try {
      const response = await fetch(`${server.url}/api/login`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
        },
        body: JSON.stringify({ username: email, password: PASSWORD }),
        signal: abort.signal,
      });
      await response.arrayBuffer();
      count(String(response.status));
      if (response.status === 200) answered.push(performance.now() - begin);
    } catch {
      count('unanswered');
    }
  };
  const startedAt = performance.now();
  const done = new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      const due = Math.min(
        Math.floor(((performance.now() - startedAt) * LOGIN_RATE) / 1000),
        (ms * LOGIN_RATE) / 1000,
      );
      while (sent < due) {
        const request = one(sent);
        inFlight.add(request);
        void request.then(() => inFlight.delete(request));
        sent += 1;
      }
      if (performance.now() - startedAt >= ms) {
        clearInterval(timer);
        resolve();
      }
    }, 5);
  });
  return {
    async finish() {
      await done;
      const grace = setTimeout(() => abort.abort(), LOGIN_GRACE_MS);
      await Promise.all(inFlight);
      clearTimeout(grace);
      return { sent, statuses, signedIn: summarize(answered) };
    },
  };
}

const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(1)} ms` : '–');
const line = (label: string, run: { latency: LatencySummary; errors: number; timedOut: number }) =>
  [
    label.padEnd(30),
    `${String(run.latency.count).padStart(6)} saves`,
    `p50 ${ms(run.latency.p50).padStart(10)}`,
    `p95 ${ms(run.latency.p95).padStart(10)}`,
    `max ${ms(run.latency.max).padStart(10)}`,
    `errors ${run.errors}`,
    `unanswered after ${SAVE_TIMEOUT_MS / 1000} s ${run.timedOut}`,
  ].join('  ');

async function main() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'quire-login-flood-'));
  const scryptCost = process.env.SCRYPT_COST ?? '17';
  progress(`starting Quire (SCRYPT_COST=${scryptCost})`);
  const server = await startServer({
    name: 'Quire SQLite',
    script: 'src/server/main.ts',
    args: ['serve'],
    cwd: process.env.BENCH_QUIRE_ROOT ? path.resolve(process.env.BENCH_QUIRE_ROOT) : REPO_ROOT,
    env: {
      DATABASE_URL: path.join(dir, 'quire.db'),
      ALLOW_SIGNUP: 'true',
      TRUST_PROXY: '127.0.0.1',
      SCRYPT_COST: scryptCost,
      LOG_LEVEL: 'warn',
    },
  });
  try {
    const email = 'flood@example.com';
    const token = await signUp(server.url, email);
    const notes: NoteRef[] = [];
    for (let n = 0; n < NOTES; n += 1) {
      notes.push(await createNote(server.url, token, `# Note ${n}\n\n${'text '.repeat(200)}`));
    }
    progress(`saving for ${QUIET_MS / 1000} s on a quiet server`);
    const quiet = await saveLoop(server, token, notes, QUIET_MS);
    progress(`saving for ${FLOOD_MS / 1000} s while ${LOGIN_RATE} logins a second arrive`);
    const flood = loginFlood(server, email, FLOOD_MS);
    const loaded = await saveLoop(server, token, notes, FLOOD_MS);
    const logins = await flood.finish();
    print(`${os.cpus().length} cores, Node ${process.version}, SCRYPT_COST=${scryptCost}`);
    print(line('PUT /api/notes, quiet', quiet));
    print(line(`PUT /api/notes, ${LOGIN_RATE} logins/s`, loaded));
    const outcomes = [...logins.statuses].map(([status, n]) => `${status}: ${n}`).join(', ');
    print(`logins sent ${logins.sent} (${outcomes}); signed in p50 ${ms(logins.signedIn.p50)}`);
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

// An interrupted run still stops its server (server-process.ts kills it on exit).
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));
await main();
