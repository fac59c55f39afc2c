/**
 * `node --expose-gc --import tsx bench/import-export.ts`: how long a 10,000-note import and export take,
 * a vault of 300 pictures, and how much memory exporting 100,000 notes needs, over SQLite on
 * loopback. A report, not a test: it prints numbers and exits 0.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { zipSync } from 'fflate';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { migrateToLatest } from '../src/server/db/migrate.js';
import { createMemoryBus } from '../src/server/live/memory-bus.js';
import { openDatabase } from '../src/server/storage/open-database.js';
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

async function signUp(username: string): Promise<string> {
  const response = await fetch(`${url}/api/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'bench password' }),
  });
  return response.text();
}
const token = await signUp('bench@example.com');

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

async function importZip(zip: Uint8Array, as = token) {
  const response = await fetch(`${url}/api/import?name=bench.zip`, {
    method: 'POST',
    headers: { token: as, 'content-type': 'application/octet-stream' },
    body: Buffer.from(zip),
  });
  return response.json();
}

/**
 * Reads the export to its end, noting the most live heap while it streams: sampled each
 * second after a full collection (run with --expose-gc), so garbage not yet collected is left out.
 */
async function exportAll(as = token): Promise<{ bytes: number; peakHeapMiB: number }> {
  let peak = process.memoryUsage().heapUsed;
  const sampler = setInterval(() => {
    global.gc?.();
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  }, 1000);
  const response = await fetch(`${url}/api/export`, { headers: { token: as } });
  let bytes = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>)
    bytes += chunk.length;
  clearInterval(sampler);
  return { bytes, peakHeapMiB: Math.round(peak / 2 ** 20) };
}

/**
 * An Obsidian vault of `count` notes, each embedding a picture of its own of `bytes` bytes
 * (a PNG signature, then noise the zip cannot shrink), kept in the vault's attachments folder.
 */
function picturesZip(count: number, bytes: number): Uint8Array {
  const random = seededRandom(7);
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  const files: Record<string, Uint8Array> = {};
  for (let i = 0; i < count; i++) {
    files[`Photos/Day ${i}.md`] = new TextEncoder().encode(`# Day ${i}\n\n![[photo ${i}.png]]\n`);
    const picture = new Uint8Array(bytes);
    picture.set(signature);
    for (let at = signature.length; at < bytes; at++) picture[at] = Math.floor(random() * 256);
    files[`Photos/attachments/photo ${i}.png`] = picture;
  }
  return zipSync(files, { level: 0 });
}

// An account of its own, so the figures below are of notes alone.
const photographer = await signUp('photos@example.com');
const vault = picturesZip(300, 100 * 1024);
const vaultImport = await timed(() => importZip(vault, photographer));
console.log(
  `import a vault of 300 notes with a 100 KiB picture each (${Math.round(vault.length / 2 ** 20)} MiB zip): ${vaultImport.ms} ms`,
  vaultImport.value,
);
const vaultExport = await timed(() => exportAll(photographer));
console.log(
  `export those 300 notes and pictures: ${vaultExport.ms} ms, ${Math.round(vaultExport.value.bytes / 2 ** 20)} MiB`,
);

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
