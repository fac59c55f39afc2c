/**
 * `npm run bench`: Quire (over SQLite and over PostgreSQL) against a plain yardstick server
 * doing the same contract, on loopback, in interleaved rounds; one table with ratios, and the
 * figures as JSON. A report, not a test: it exits 0 whatever the numbers are, and non-zero only
 * when it could not measure.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { backupStallSection } from './backup-stall.js';
import { BenchServers, type ServerVariant } from './bench-servers.js';
import { type BenchTarget, prepareTarget } from './bench-target.js';
import { browserSection } from './browser-section.js';
import { historyStorageSection } from './history-storage.js';
import { LINKS_SETTINGS, linksSection } from './links-section.js';
import { openFanoutRig, socketBudget } from './live-fanout.js';
import { runScenarios, type ScenarioRuns } from './load-scenarios.js';
import { describeMachine, waitForQuietCpus } from './machine.js';
import { createScratchDatabase } from './postgres-scratch.js';
import { loadAverage, print, progress } from './report.js';
import { printDetails } from './results-details.js';
import { addToResultsJson, writeResultsJson } from './results-json.js';
import {
  type ServerResults,
  summaryHeaders,
  summaryRows,
  yardstickPairs,
} from './results-table.js';
import { searchSection } from './search-section.js';
import { loadSettings } from './settings.js';
import { sharePageSection } from './share-page.js';
import { measureSyncSaves } from './sync-saves.js';
import { printSyncSaves } from './sync-saves-table.js';
import { count, formatTable, ms } from './table.js';
import { measureTyping } from './typing-run.js';

const settings = loadSettings();
const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-bench-'));
const servers = new BenchServers(tempDir, settings);
const cleanUps: (() => Promise<void>)[] = [];

async function cleanUp() {
  await servers.stopAll();
  for (const step of cleanUps.splice(0)) await step().catch(() => {});
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

async function variants(): Promise<ServerVariant[]> {
  const list: ServerVariant[] = [
    { label: 'plain', kind: 'plain', database: 'plain.db' },
    { label: 'Quire SQLite', kind: 'quire', database: 'quire.db' },
  ];
  if (settings.postgresUrl === '') return list;
  // Each PostgreSQL server over a database of its own, as each SQLite one has its own file.
  const scratches = [];
  for (let i = 0; i < 2; i++) {
    const scratch = await createScratchDatabase(settings.postgresUrl);
    if ('skipped' in scratch) {
      print(`PostgreSQL skipped: ${scratch.skipped}`);
      return list;
    }
    cleanUps.push(scratch.drop);
    scratches.push(scratch.url);
  }
  const [plain = '', quire = ''] = scratches;
  return [
    ...list,
    { label: 'plain PostgreSQL', kind: 'plain', database: plain },
    { label: 'Quire PostgreSQL', kind: 'quire', database: quire },
  ];
}

try {
  const startedAt = performance.now();
  const machine = describeMachine(tempDir);
  print(`Quire benchmarks — ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`);
  print(`Machine: ${machine.summary}`);
  print(
    `SQLite ${machine.sqliteVersion}: one commit with WAL + synchronous=FULL takes ` +
      `${ms(machine.commitMs)} ms on this disk`,
  );
  print(`Before the run: ${loadAverage()} (rounds are interleaved so that it falls on all alike)`);
  if (settings.quick) print('BENCH_QUICK=1: shortened run, numbers are rough');
  print();

  const targets: BenchTarget[] = [];
  for (const variant of await variants()) {
    const server = await servers.start(variant);
    progress(
      `${variant.label}: creating ${count(settings.listNotes + settings.largeListNotes)} notes`,
    );
    targets.push(await prepareTarget(variant.label, server, settings));
  }
  const runs = await runScenarios(targets, settings, (label, scenario, round) =>
    progress(`round ${round + 1}/${settings.rounds}: ${scenario} on ${label}`),
  );
  const loadAfterRounds = loadAverage();
  const budget = socketBudget(settings.sockets, settings.socketsPerUser);
  if (budget.warning) print(`WARNING: ${budget.warning}`);
  const results: ServerResults[] = [];
  for (const target of targets) {
    progress(`${target.label}: typing, then fan-out to ${count(budget.sockets)} sockets`);
    const typing = await measureTyping(target.server, settings);
    const syncSaves = target.label.startsWith('Quire')
      ? await measureSyncSaves(target.server, target.label, settings)
      : undefined;
    const rig = await openFanoutRig(target.server, budget.sockets, settings);
    try {
      const fanout = await rig.measure();
      results.push({
        label: target.label,
        scenarios: runs.get(target.label) as ScenarioRuns,
        typing,
        fanout,
        syncSaves,
      });
    } finally {
      await rig.close();
    }
  }

  printDetails(results, settings, loadAfterRounds);
  print();
  const pairs = yardstickPairs(results);
  print();
  printSyncSaves(pairs, settings);
  print();
  print(
    `Summary — ratios to the plain server on the same database (bars from the issues; ` +
      `"×SQLite": Quire on PostgreSQL against Quire on SQLite) [${loadAverage()}]`,
  );
  print(formatTable(summaryHeaders(pairs), summaryRows(pairs)));
  const file = writeResultsJson(settings, machine, targets, results);
  print();
  print(
    `Results as JSON: ${file}; the run took ${((performance.now() - startedAt) / 1000).toFixed(0)} s`,
  );
  if (!settings.quick) {
    print();
    await historyStorageSection(tempDir);
    print();
    await searchSection(
      settings.search,
      path.join(tempDir, 'search.db'),
      settings.postgresUrl || undefined,
    );
    print();
    await linksSection(
      LINKS_SETTINGS,
      path.join(tempDir, 'links.db'),
      settings.postgresUrl || undefined,
    );
    print();
    addToResultsJson(file, 'sharePage', await sharePageSection(settings, tempDir));
    print();
    await backupStallSection(tempDir, settings.postgresUrl);
  }
  await servers.stopAll(); // the browser section has the machine to itself
  const quiet = await waitForQuietCpus();
  print();
  print(
    quiet.quiet
      ? `(waited ${quiet.seconds.toFixed(0)} s for the CPUs to be 90 % idle before the browser section)`
      : `(the CPUs were still busy after ${quiet.seconds.toFixed(0)} s; the browser section starts anyway)`,
  );
  addToResultsJson(file, 'browser', await browserSection(settings.browser, tempDir));
} catch (error) {
  process.exitCode = 1;
  process.stderr.write(`bench failed: ${error instanceof Error ? error.stack : String(error)}\n`);
} finally {
  await cleanUp();
}
