/**
 * `node --import tsx bench/links.ts`: the links section alone (bench/links-section.ts), on
 * SQLite and, unless BENCH_POSTGRES_URL is empty, on a scratch PostgreSQL database.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LINKS_SETTINGS, linksSection } from './links-section.js';
import { loadSettings } from './settings.js';

const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-links-'));
try {
  const { postgresUrl } = loadSettings();
  await linksSection(LINKS_SETTINGS, path.join(tempDir, 'links.db'), postgresUrl || undefined);
} finally {
  fs.rmSync(tempDir, { recursive: true, force: true });
}
