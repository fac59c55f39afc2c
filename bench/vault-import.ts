/**
 * `node --import tsx bench/vault-import.ts`: how long importing an Obsidian vault of 2,000
 * notes and 20,000 links takes through the API, over SQLite on loopback, against the same
 * notes without links; then how many of the links resolve, and how long exporting it takes.
 * A report, not a test: it prints numbers and exits 0.
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
import type { Note } from '../src/shared/note.js';
import { linkIndex, resolveLink, wikiLinks } from '../src/shared/wiki-links.js';
import { noteText, seededRandom } from './note-text.js';

const NOTES = 2_000;
const LINKS_PER_NOTE = 10;
const FOLDERS = 20;
/** Every tenth note shares its name with another, as real vaults repeat "Index" or "Meeting". */
const SHARED_EVERY = 10;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-bench-vault-'));
const config = {
  ...loadConfig({
    DATABASE_URL: path.join(dir, 'bench.db'),
    LOG_LEVEL: 'silent',
    SCRYPT_COST: '10',
  }),
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

const folderOf = (i: number) => `Area ${i % FOLDERS}/Sub ${i % 3}`;
// Notes i and i + 10 (in two folders) share a name when i is a multiple of 20.
const nameOf = (i: number) =>
  i % SHARED_EVERY === 0 ? `Shared ${Math.floor(i / (2 * SHARED_EVERY))}` : `Note ${i}`;

/** A link of one of the forms vaults hold: a bare name, a path, an alias, a heading, an embed. */
function linkTo(i: number, random: () => number): string {
  const form = Math.floor(random() * 5);
  if (form === 0) return `[[${folderOf(i)}/${nameOf(i)}]]`;
  if (form === 1) return `[[alias ${i}|shown]]`;
  if (form === 2) return `[[${nameOf(i)}#Section]]`;
  if (form === 3) return `![[${nameOf(i)}]]`;
  return `[[${nameOf(i)}]]`;
}

/** The vault: about 600 bytes of text per note, its links, an alias in its properties. */
function vaultZip(withLinks: boolean): Uint8Array {
  const random = seededRandom(11);
  const files: Record<string, Uint8Array> = {};
  for (let i = 0; i < NOTES; i++) {
    const links = Array.from({ length: LINKS_PER_NOTE }, () =>
      linkTo(Math.floor(random() * NOTES), random),
    );
    const text = noteText(seededRandom(i), 600, 'Section');
    const body = `---\naliases: [alias ${i}]\n---\n${text}\n\n${withLinks ? links.join(' ') : ''}`;
    files[`Vault/${folderOf(i)}/${nameOf(i)}.md`] = new TextEncoder().encode(body);
  }
  return zipSync(files);
}

async function importZip(zip: Uint8Array, token: string) {
  const start = performance.now();
  const response = await fetch(`${url}/api/import?name=vault.zip`, {
    method: 'POST',
    headers: { token, 'content-type': 'application/octet-stream' },
    body: Buffer.from(zip),
  });
  const summary = (await response.json()) as { imported: number; failed: unknown[] };
  return { ms: Math.round(performance.now() - start), summary };
}

const plain = vaultZip(false);
const linked = vaultZip(true);
// Twice each, alternating, each into an empty account: the machine's load shows in the spread.
let token = '';
for (let round = 1; round <= 2; round++) {
  const withoutLinks = await importZip(plain, await signUp(`plain${round}@example.com`));
  console.log(`import ${NOTES} notes without links: ${withoutLinks.ms} ms`, withoutLinks.summary);
  token = await signUp(`vault${round}@example.com`);
  const withLinks = await importZip(linked, token);
  console.log(
    `import ${NOTES} notes with ${NOTES * LINKS_PER_NOTE} links (${Math.round(linked.length / 1024)} KiB zip): ${withLinks.ms} ms`,
    { imported: withLinks.summary.imported, failed: withLinks.summary.failed.length },
  );
}

const listed = await fetch(`${url}/api/notes`, { headers: { token } });
const notes = ((await listed.json()) as { results: Note[] }).results;
const index = linkIndex(notes);
let links = 0;
let resolved = 0;
for (const note of notes) {
  for (const link of wikiLinks(note.body)) {
    links += 1;
    if (resolveLink(index, link.target)) resolved += 1;
  }
}
console.log(`links resolving after the import: ${resolved} of ${links}`);

const exportStart = performance.now();
const exported = await fetch(`${url}/api/export`, { headers: { token } });
let bytes = 0;
for await (const chunk of exported.body as unknown as AsyncIterable<Uint8Array>)
  bytes += chunk.length;
console.log(
  `export the vault: ${Math.round(performance.now() - exportStart)} ms, ${Math.round(bytes / 1024)} KiB`,
);

await app.close();
await bus.close();
await database.close();
fs.rmSync(dir, { recursive: true, force: true });
