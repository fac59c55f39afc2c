/**
 * A share page against a static file: Quire (SQLite) answering `/s/{token}` for a 10 KB note
 * with three pictures (find and check the link, count the view, send the page made for the
 * note's revision), and plain node:http sending a file of the same bytes from memory.
 * Interleaved rounds of a closed loop, as the load scenarios run. `node --import tsx bench/share-page.ts` runs it alone; `npm run bench` runs it
 * after the links section.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createNote, signUp } from './api.js';
import { type LoadResult, runLoad } from './load-run.js';
import { medianRun } from './load-scenarios.js';
import { buildRequest } from './raw-http.js';
import { loadAverage, print, progress } from './report.js';
import { type ServerProcess, startServer } from './server-process.js';
import { loadSettings, type Settings } from './settings.js';
import { bytes, count, formatTable, ms, ratio } from './table.js';

const RATE_BAR = 0.5;
const NOTE_BYTES = 10 * 1024;
const PICTURES = 3;
/** A 1×1 PNG: what counts here is the page, which names its pictures. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function upload(server: ServerProcess, token: string, name: string): Promise<string> {
  const response = await fetch(`${server.url}/api/attachments?name=${name}`, {
    method: 'POST',
    headers: { token, 'content-type': 'image/png' },
    body: PNG,
  });
  if (response.status !== 201) throw new Error(`upload answered ${response.status}`);
  return ((await response.json()) as { id: string }).id;
}

/** A note of about 10 KB of prose, a heading and its pictures spread through it. */
function noteWithPictures(ids: readonly string[]): string {
  const paragraph =
    'A paragraph of a travel diary, long enough to read like one, with **bold** words and a [link](https://example.org). ';
  const parts = ['# A shared diary'];
  let size = parts[0]?.length ?? 0;
  for (let i = 0; size < NOTE_BYTES; i += 1) {
    const picture = i < ids.length ? `\n\n![picture ${i + 1}](/api/attachments/${ids[i]})` : '';
    const part = `\n\n${paragraph.repeat(4)}${picture}`;
    parts.push(part);
    size += part.length;
  }
  return parts.join('');
}

interface Measured {
  share: LoadResult[];
  file: LoadResult[];
  pageBytes: number;
}

async function measure(s: Settings, dir: string): Promise<Measured> {
  const quire = await startServer({
    name: 'Quire SQLite (share page)',
    script: 'src/server/main.ts',
    args: ['serve'],
    cwd: s.quireRoot,
    env: {
      DATABASE_URL: path.join(dir, 'share.db'),
      ALLOW_SIGNUP: 'true',
      AUTH_RATE_LIMIT: '0',
      SHARE_RATE_LIMIT: '0',
      SCRYPT_COST: '10',
      LOG_LEVEL: 'warn',
    },
    nodeFlags: s.cpuProfileDir
      ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(s.cpuProfileDir)}`]
      : [],
  });
  const staticDir = path.join(dir, 'static');
  fs.mkdirSync(staticDir);
  const yardstick = await startServer({
    name: 'static file',
    script: 'bench/static-file-server.ts',
    env: { STATIC_DIR: staticDir },
  });
  try {
    const token = await signUp(quire.url, 'share-bench@example.org');
    const pictures = [];
    for (let i = 0; i < PICTURES; i += 1) pictures.push(await upload(quire, token, `p${i}.png`));
    const note = await createNote(quire.url, token, noteWithPictures(pictures));
    const made = await fetch(`${quire.url}/api/notes/${note.id}/shares`, {
      method: 'POST',
      headers: { token, 'content-type': 'application/json' },
      body: '{}',
    });
    if (made.status !== 201) throw new Error(`share answered ${made.status}`);
    const { path: sharePath } = (await made.json()) as { path: string };
    // The file holds the very page the link answers: the same bytes to send.
    const page = Buffer.from(await (await fetch(`${quire.url}${sharePath}`)).arrayBuffer());
    fs.writeFileSync(path.join(staticDir, 'page.html'), page);
    const targets = [
      { server: quire, runs: [] as LoadResult[], request: buildRequest('GET', sharePath, {}) },
      {
        server: yardstick,
        runs: [] as LoadResult[],
        request: buildRequest('GET', '/page.html', {}),
      },
    ];
    for (let round = 0; round < s.rounds; round += 1) {
      for (let turn = 0; turn < targets.length; turn += 1) {
        const target = targets[(turn + round) % targets.length] as (typeof targets)[number];
        progress(`share page: round ${round + 1}/${s.rounds} on ${target.server.name}`);
        target.runs.push(
          await runLoad({
            port: target.server.port,
            serverPid: target.server.pid,
            connections: s.connections,
            warmupMs: s.warmupMs,
            durationMs: s.durationMs,
            expectStatus: 200,
            request: () => target.request,
          }),
        );
      }
    }
    return { share: targets[0]?.runs ?? [], file: targets[1]?.runs ?? [], pageBytes: page.length };
  } finally {
    await Promise.all([quire.stop(), yardstick.stop()]);
  }
}

const cpuMicroseconds = (run: LoadResult) =>
  run.serverCpuPerRequestMs === undefined ? '—' : (run.serverCpuPerRequestMs * 1000).toFixed(0);

/**
 * The server's CPU time per answer, the median over the rounds: a steadier figure than the rate
 * when the load and both servers share two cores.
 */
function medianCpuPerRequest(runs: readonly LoadResult[]): number {
  const values = runs.flatMap((run) => run.serverCpuPerRequestMs ?? []).sort((a, b) => a - b);
  return values[Math.floor(values.length / 2)] ?? Number.NaN;
}

/** Runs the comparison and prints its table; returns the median runs for the results file. */
export async function sharePageSection(s: Settings, dir: string) {
  const measured = await measure(s, dir);
  const share = medianRun(measured.share);
  const file = medianRun(measured.file);
  const rows = [
    ['share page /s/{token}', share],
    ['static file, same bytes', file],
  ].map(([label, run]) => {
    const result = run as LoadResult;
    return [
      label as string,
      count(result.perSecond),
      ms(result.latency.p50),
      ms(result.latency.p99),
      cpuMicroseconds(result),
      String(result.errors),
    ];
  });
  const rate = share.perSecond / file.perSecond;
  const cpuRate = medianCpuPerRequest(measured.file) / medianCpuPerRequest(measured.share);
  print(
    `Share page: a ${bytes(measured.pageBytes)} page of a 10 KB note with ${PICTURES} pictures, ` +
      `median of ${s.rounds} interleaved rounds, ${s.connections} connections [${loadAverage()}]`,
  );
  print(formatTable(['', 'req/s', 'p50 ms', 'p99 ms', 'server CPU µs/req', 'errors'], rows));
  print(
    `share page / static file: ${ratio(rate)} (bar ${RATE_BAR}×: ${rate >= RATE_BAR ? 'met' : 'not met'}); ` +
      `by server CPU per request: ${ratio(cpuRate)}`,
  );
  return { pageBytes: measured.pageBytes, share, file, rate, cpuRate };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-bench-share-'));
  try {
    await sharePageSection(loadSettings(), dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
