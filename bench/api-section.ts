import {
  type ApiRuns,
  type ApiTarget,
  compareApi,
  ENDPOINTS,
  type Endpoint,
  medianRun,
  prepareApiTarget,
} from './api-comparison.js';
import type { BenchServers } from './bench-servers.js';
import type { LoadResult } from './load-run.js';
import { loadAverage, print, progress } from './report.js';
import type { Settings } from './settings.js';
import { bytes, count, formatTable, ms, percent, ratio } from './table.js';

function apiRow(label: string, endpoint: Endpoint, runs: readonly LoadResult[]): string[] {
  const run = medianRun(runs);
  const rates = runs.map((each) => each.perSecond);
  return [
    `${endpoint.toUpperCase()} /api/notes  ${label}`,
    count(run.perSecond),
    runs.length > 1 ? `${count(Math.min(...rates))}–${count(Math.max(...rates))}` : '',
    ms(run.latency.p50),
    ms(run.latency.p99),
    count(runs.reduce((sum, each) => sum + each.errors, 0)),
    percent(run.serverCpu),
    run.serverCpuPerRequestMs === undefined ? '—' : count(run.serverCpuPerRequestMs * 1000),
    percent(run.clientCpu),
    bytes(Math.round(run.bodyBytes)),
  ];
}

/** Section 1: the same calls against the baseline, Quire, and Quire logging every request. */
export async function apiSection(servers: BenchServers, s: Settings) {
  const variants = [
    { label: 'baseline', kind: 'baseline' as const, logLevel: 'warn' },
    { label: 'Quire', kind: 'quire' as const, logLevel: 'warn' },
    { label: 'Quire, LOG_LEVEL=info', kind: 'quire' as const, logLevel: 'info' },
  ];
  const targets: ApiTarget[] = [];
  try {
    for (const variant of variants) {
      const server = await servers.start(variant.label, variant.kind, variant.logLevel);
      targets.push(await prepareApiTarget(variant.label, server, s));
    }
    const runs = await compareApi(targets, s, (label, endpoint, round) =>
      progress(`round ${round + 1}/${s.rounds}: ${endpoint.toUpperCase()} on ${label}`),
    );
    const runsOf = (label: string) => runs.get(label) as ApiRuns;
    print(
      `1. API on SQLite — ${s.apiNotes} notes of ~${s.noteBytes} B, ${s.connections} connections, ` +
        `${s.warmupMs / 1000} s warm-up + ${s.durationMs / 1000} s per run, ${s.rounds} ` +
        `interleaved round${s.rounds === 1 ? '' : 's'}; each row is the median round [${loadAverage()}]`,
    );
    print(
      formatTable(
        [
          'request  server',
          'req/s',
          'rounds',
          'p50 ms',
          'p99 ms',
          'errors',
          'server CPU',
          'CPU µs/req',
          'client CPU',
          'body',
        ],
        ENDPOINTS.flatMap((endpoint) =>
          variants.map((variant) =>
            apiRow(variant.label, endpoint, runsOf(variant.label)[endpoint]),
          ),
        ),
      ),
    );
    print();
    const base = runsOf('baseline');
    print(
      formatTable(
        ['Quire / baseline', 'req/s', 'p50', 'p99', 'CPU/req'],
        variants.slice(1).flatMap((variant) =>
          ENDPOINTS.map((endpoint) => {
            const quire = medianRun(runsOf(variant.label)[endpoint]);
            const baseline = medianRun(base[endpoint]);
            return [
              `${endpoint.toUpperCase()}  ${variant.label}`,
              ratio(quire.perSecond / baseline.perSecond),
              ratio(quire.latency.p50 / baseline.latency.p50),
              ratio(quire.latency.p99 / baseline.latency.p99),
              ratio(
                (quire.serverCpuPerRequestMs ?? Number.NaN) /
                  (baseline.serverCpuPerRequestMs ?? Number.NaN),
              ),
            ];
          }),
        ),
      ),
    );
    print(
      '(req/s: higher is better for Quire; latency and server CPU per request: lower is better)',
    );
  } finally {
    for (const target of targets) await servers.stop(target.server);
  }
}
