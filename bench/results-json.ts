import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BenchTarget } from './bench-target.js';
import { medianRun } from './load-scenarios.js';
import type { Machine } from './machine.js';
import { metricValues, type ServerResults } from './results-table.js';
import { REPO_ROOT } from './server-process.js';
import type { Settings } from './settings.js';

/** Writes the run's figures (every median run, the live scenarios, the summary) as JSON. */
export function writeResultsJson(
  s: Settings,
  machine: Machine,
  targets: readonly BenchTarget[],
  results: readonly ServerResults[],
): string {
  const file = path.resolve(REPO_ROOT, s.resultsFile);
  const servers = results.map((result) => ({
    label: result.label,
    setupNotesPerSecond: targets.find((t) => t.label === result.label)?.setupNotesPerSecond,
    scenarios: Object.fromEntries(
      Object.entries(result.scenarios).map(([name, runs]) => [
        name,
        { median: medianRun(runs), rounds: runs.map((run) => run.perSecond) },
      ]),
    ),
    typing: result.typing,
    fanout: result.fanout,
    summary: metricValues(result),
  }));
  const document = {
    date: new Date().toISOString(),
    machine: { ...machine, loadAverage: os.loadavg() },
    settings: s,
    servers,
  };
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(document, null, 2)}\n`);
  return file;
}

/** Adds a later section's figures to the JSON the run already wrote. */
export function addToResultsJson(file: string, section: string, figures: unknown): void {
  const document = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
  document[section] = figures;
  fs.writeFileSync(file, `${JSON.stringify(document, null, 2)}\n`);
}
