/**
 * `npm run bench`: Quire's API against a hand-written baseline, the large note list, live
 * fan-out and memory, on loopback, printed as tables. A report, not a test: it exits 0
 * whatever the numbers are, and non-zero only when it could not measure.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { apiSection } from './api-section.js';
import { BenchServers } from './bench-servers.js';
import { describeMachine } from './machine.js';
import { loadAverage, print } from './report.js';
import { scaleSection } from './scale-section.js';
import { loadSettings } from './settings.js';
import { count, ms } from './table.js';

const settings = loadSettings();
const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-bench-'));
const servers = new BenchServers(tempDir, settings);

async function cleanUp() {
  await servers.stopAll();
  fs.rmSync(tempDir, { recursive: true, force: true });
}

// Last resort when the process dies another way (e.g. stdout closed by `| head`): the servers
// are killed by server-process.ts, and the data goes too.
process.on('exit', () => fs.rmSync(tempDir, { recursive: true, force: true }));
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void cleanUp().finally(() => process.exit(130));
  });
}

try {
  const machine = describeMachine(tempDir);
  print(`Quire benchmarks — ${new Date().toISOString().slice(0, 10)}`);
  print(`Machine: ${machine.summary}`);
  print(
    `SQLite ${machine.sqliteVersion}: one commit with WAL + synchronous=FULL takes ` +
      `${ms(machine.commitMs)} ms on this disk (a ceiling of ~${count(1000 / machine.commitMs)} ` +
      'durable writes/s)',
  );
  print(
    `Before the run: ${loadAverage()} (other work on the machine skews every number; ` +
      'the API rounds are interleaved so that it falls on every server alike)',
  );
  if (process.env.BENCH_QUICK === '1') print('BENCH_QUICK=1: shortened run, numbers are rough');
  print();
  await apiSection(servers, settings);
  print();
  await scaleSection(servers, settings);
} catch (error) {
  process.exitCode = 1;
  process.stderr.write(`bench failed: ${error instanceof Error ? error.stack : String(error)}\n`);
} finally {
  await cleanUp();
}
