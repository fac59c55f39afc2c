/**
 * `node --import tsx bench/attachments.ts`: attachment upload and download throughput of a
 * 20 MB file against a plain `fs` stream copy on the same disk, and the server's peak RSS
 * during 8 concurrent 20 MB uploads, over SQLite (files on disk) and PostgreSQL (rows).
 * A report, not a test: it prints numbers and exits 0. BENCH_POSTGRES_URL as for `npm run bench`.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createScratchDatabase } from './postgres-scratch.js';
import { residentBytes } from './process-stats.js';
import { startServer } from './server-process.js';
import { formatTable } from './table.js';

const MB = 1000 * 1000;
const FILE_BYTES = 20 * MB;
const CONCURRENT = 8;
const ROUNDS = 3;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-bench-attachments-'));
const source = path.join(dir, 'source.bin');
fs.writeFileSync(source, randomBytes(FILE_BYTES));

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
const mbPerSecond = (ms: number) => Math.round((FILE_BYTES / MB / (ms / 1000)) * 10) / 10;

async function timed(run: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await run();
  return performance.now() - start;
}

/** The yardstick: the same bytes copied from file to file by streams on the same disk. */
async function fsCopyMs(): Promise<number> {
  const target = path.join(dir, `copy-${randomBytes(4).toString('hex')}.bin`);
  const ms = await timed(() => pipeline(fs.createReadStream(source), fs.createWriteStream(target)));
  fs.rmSync(target);
  return ms;
}

async function measure(label: string, databaseUrl: string) {
  const server = await startServer({
    name: label,
    script: 'src/server/main.ts',
    args: ['serve'],
    env: {
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'silent',
      SCRYPT_COST: '10',
      ALLOW_SIGNUP: 'true',
      ATTACHMENT_LIMIT: '25MiB',
      ATTACHMENT_QUOTA: '2048MiB',
    },
  });
  try {
    const signup = await fetch(`${server.url}/api/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        username: `bench-${label.length}@example.com`,
        password: 'bench password',
      }),
    });
    const token = await signup.text();
    const upload = async (body: Readable | Buffer) => {
      const response = await fetch(`${server.url}/api/attachments?name=bench.bin`, {
        method: 'POST',
        headers: {
          token,
          'content-type': 'application/octet-stream',
          'content-length': String(FILE_BYTES),
        },
        body: Buffer.isBuffer(body) ? body : (Readable.toWeb(body as Readable) as ReadableStream),
        duplex: 'half',
      } as RequestInit);
      if (response.status !== 201) throw new Error(`upload answered ${response.status}`);
      return ((await response.json()) as { id: string }).id;
    };

    const uploads: number[] = [];
    const downloads: number[] = [];
    const copies: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      copies.push(await fsCopyMs());
      // Each round a file of its own, so dedupe does not skip the storing.
      const file = path.join(dir, `round-${round}.bin`);
      fs.writeFileSync(file, randomBytes(FILE_BYTES));
      let id = '';
      uploads.push(await timed(async () => (id = await upload(fs.createReadStream(file)))));
      const target = path.join(dir, `download-${round}.bin`);
      downloads.push(
        await timed(async () => {
          const response = await fetch(`${server.url}/api/attachments/${id}`, {
            headers: { token },
          });
          await pipeline(Readable.fromWeb(response.body as never), fs.createWriteStream(target));
        }),
      );
      fs.rmSync(target);
      fs.rmSync(file);
    }

    // Peak RSS while 8 different 20 MB files arrive at once.
    const bodies = Array.from({ length: CONCURRENT }, () => randomBytes(FILE_BYTES));
    const idle = residentBytes(server.pid);
    let peak = idle;
    const sampler = setInterval(() => {
      peak = Math.max(peak, residentBytes(server.pid));
    }, 20);
    const concurrentMs = await timed(() => Promise.all(bodies.map((body) => upload(body))));
    clearInterval(sampler);
    return {
      label,
      fsCopy: mbPerSecond(median(copies)),
      upload: mbPerSecond(median(uploads)),
      download: mbPerSecond(median(downloads)),
      idleMiB: Math.round(idle / 2 ** 20),
      peakMiB: Math.round(peak / 2 ** 20),
      concurrentMs: Math.round(concurrentMs),
    };
  } finally {
    await server.stop();
  }
}

const results = [await measure('SQLite, disk', path.join(dir, 'quire.db'))];
const postgresUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
if (postgresUrl !== '') {
  const scratch = await createScratchDatabase(postgresUrl);
  if ('skipped' in scratch) console.log(`PostgreSQL skipped: ${scratch.skipped}`);
  else {
    try {
      results.push(await measure('PostgreSQL, rows', scratch.url));
    } finally {
      await scratch.drop();
    }
  }
}
fs.rmSync(dir, { recursive: true, force: true });

const ratio = (value: number, base: number) => `${(value / base).toFixed(2)}×`;
console.log(
  formatTable(
    [
      'storage',
      'fs copy MB/s',
      'upload MB/s',
      'ratio',
      'download MB/s',
      'ratio',
      `RSS idle → peak, ${CONCURRENT} × 20 MB uploads`,
    ],
    results.map((r) => [
      r.label,
      String(r.fsCopy),
      String(r.upload),
      ratio(r.upload, r.fsCopy),
      String(r.download),
      ratio(r.download, r.fsCopy),
      `${r.idleMiB} → ${r.peakMiB} MiB (${r.concurrentMs} ms)`,
    ]),
  ),
);
