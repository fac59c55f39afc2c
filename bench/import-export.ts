/**
 * `node --expose-gc --import tsx bench/import-export.ts`: how long a 10,000-note import and export take,
 * and how much memory exporting 100,000 notes needs, over SQLite on loopback. A report, not a
 * test: it prints numbers and exits 0.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { zipSync } from 'fflate';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { openDatabase } from '../src/server/db/database.js';
import { migrateToLatest } from '../src/server/db/migrate.js';
import { createMemoryBus } from '../src/server/live/memory-bus.js';
import { noteText, seededRandom } from './note-text.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-bench-transfer-'));
const file = path.join(dir, 'bench.db');
const config = {
  ...loadConfig({ DATABASE_URL: file, LOG_LEVEL: 'silent', SCRYPT_COST: '10' }),
  allowSignup: true,
};
const database = await openDatabase(config.database);
await migrateToLatest(database.db);
const bus = createMemoryBus();
const app = await buildApp({ config, database, bus, logger: false, webClientDir: dir });
const url = await app.listen({ port: 0, host: '127.0.0.1' });

const signup = await fetch(`${url}/api/signup`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ username: 'bench@example.com', password: 'bench password' }),
});
const token = await signup.text();

/** A zip of `count` Markdown notes of about 400 bytes, under a folder named `batch`. */
function notesZip(batch: number, count: number): Uint8Array {
  const files: Record<string, Uint8Array> = {};
  for (let i = 0; i < count; i++) {
    files[`${batch}/note ${i}.md`] = new TextEncoder().encode(
      noteText(seededRandom(batch * count + i), 400, `Note ${i}`),
    );
  }
  return zipSync(files);
}

async function timed<T>(run: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now();
  const value = await run();
  return { ms: Math.round(performance.now() - start), value };
}

async function importZip(zip: Uint8Array) {
  const response = await fetch(`${url}/api/import?name=bench.zip`, {
    method: 'POST',
    headers: { token, 'content-type': 'application/octet-stream' },
    body: Buffer.from(zip),
  });
  return response.json();
}

/**
 * Reads the export to its end, noting the most live heap while it streams: sampled each
 * second after a full collection (run with --expose-gc), so garbage not yet collected is left out.
 */
async function exportAll(): Promise<{ bytes: number; peakHeapMiB: number }> {
  let peak = process.memoryUsage().heapUsed;
  const sampler = setInterval(() => {
    global.gc?.();
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  }, 1000);
  const response = await fetch(`${url}/api/export`, { headers: { token } });
  let bytes = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>)
    bytes += chunk.length;
  clearInterval(sampler);
  return { bytes, peakHeapMiB: Math.round(peak / 2 ** 20) };
}

const first = notesZip(0, 10_000);
const imported = await timed(() => importZip(first));
console.log(
  `import 10,000 notes (${Math.round(first.length / 1024)} KiB zip): ${imported.ms} ms`,
  imported.value,
);
console.log(`import the same file again: ${(await timed(() => importZip(first))).ms} ms`);
const exported10k = await timed(exportAll);
console.log(
  `export 10,000 notes: ${exported10k.ms} ms, ${Math.round(exported10k.value.bytes / 1024)} KiB`,
);
for (let batch = 1; batch < 10; batch++) await importZip(notesZip(batch, 10_000));
global.gc?.();
const baseHeap = Math.round(process.memoryUsage().heapUsed / 2 ** 20);
const exported100k = await timed(exportAll);
console.log(
  `export 100,000 notes: ${exported100k.ms} ms, ${Math.round(exported100k.value.bytes / 2 ** 20)} MiB; heap ${baseHeap} MiB before, at most ${exported100k.value.peakHeapMiB} MiB live while streaming`,
);

await app.close();
await bus.close();
await database.close();
fs.rmSync(dir, { recursive: true, force: true });
