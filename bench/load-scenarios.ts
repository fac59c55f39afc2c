import { type BenchTarget, LOAD_SCENARIOS, type Scenario } from './bench-target.js';
import { type LoadResult, runLoad } from './load-run.js';
import { residentBytes } from './process-stats.js';
import type { Settings } from './settings.js';

const RSS_SAMPLE_MS = 20;

/** One load run and the server's highest resident memory seen during it. */
export interface ScenarioRun extends LoadResult {
  peakRssBytes: number;
}

export type ScenarioRuns = Record<Scenario, ScenarioRun[]>;

async function runWithPeakRss(target: BenchTarget, scenario: Scenario, s: Settings) {
  let peakRssBytes = residentBytes(target.server.pid);
  const sampler = setInterval(() => {
    peakRssBytes = Math.max(peakRssBytes, residentBytes(target.server.pid));
  }, RSS_SAMPLE_MS);
  try {
    const result = await runLoad({
      port: target.server.port,
      serverPid: target.server.pid,
      connections: s.connections,
      // A large list can take longer than a whole run: its first answers count, or none would.
      warmupMs: scenario === 'large list' ? 0 : s.warmupMs,
      durationMs: s.durationMs,
      expectStatus: target.expectStatus[scenario],
      request: target.requests[scenario],
    });
    return { ...result, peakRssBytes };
  } finally {
    clearInterval(sampler);
  }
}

/**
 * Each round runs every scenario on every server in turn, so whatever else the machine is
 * doing falls on all of them alike; an idle server costs the others nothing. Each round starts
 * with another server: what one leaves behind (a search index catching up a few seconds after
 * its writes) would otherwise always fall on the same neighbour's run.
 */
export async function runScenarios(
  targets: readonly BenchTarget[],
  s: Settings,
  onRun: (label: string, scenario: Scenario, round: number) => void,
): Promise<Map<string, ScenarioRuns>> {
  const runs = new Map<string, ScenarioRuns>();
  for (const target of targets) {
    runs.set(target.label, { list: [], 'large list': [], update: [], create: [] });
  }
  for (let round = 0; round < s.rounds; round += 1) {
    for (const scenario of LOAD_SCENARIOS) {
      for (let turn = 0; turn < targets.length; turn += 1) {
        const target = targets[(turn + round) % targets.length] as BenchTarget;
        onRun(target.label, scenario, round);
        runs.get(target.label)?.[scenario].push(await runWithPeakRss(target, scenario, s));
      }
    }
  }
  return runs;
}

/** The run with the median throughput: one whole run, so its latencies belong to its rate. */
export function medianRun<T extends LoadResult>(runs: readonly T[]): T {
  const sorted = [...runs].sort((a, b) => a.perSecond - b.perSecond);
  const median = sorted[Math.floor((sorted.length - 1) / 2)];
  if (!median) throw new Error('no runs to summarize');
  return median;
}
