import type { Scenario } from './bench-target.js';
import type { FanoutResult } from './live-fanout.js';
import { medianRun, type ScenarioRun, type ScenarioRuns } from './load-scenarios.js';
import type { SyncSaveWindow } from './sync-saves.js';
import { bytes, count, ms, ratio } from './table.js';
import type { TypingResult } from './typing-run.js';

/** Everything measured on one server. */
export interface ServerResults {
  label: string;
  scenarios: ScenarioRuns;
  typing: TypingResult;
  fanout: FanoutResult;
  /** Quire's own saves in windows of a long run (Quire only). */
  syncSaves?: SyncSaveWindow[];
}

/** One measured figure: how it reads, and whether more or less is better. */
interface Metric {
  name: string;
  better: 'higher' | 'lower';
  /** The bar as a ratio to the yardstick, when it sets one. */
  bar?: number;
  value(results: ServerResults): number;
  format(value: number): string;
}

const median = (results: ServerResults, scenario: Scenario): ScenarioRun =>
  medianRun(results.scenarios[scenario]);
const rate = (scenario: Scenario, name: string, bar?: number): Metric => ({
  name: `${name}: req/s`,
  better: 'higher',
  bar,
  value: (r) => median(r, scenario).perSecond,
  format: count,
});
const latency = (scenario: Scenario, name: string, which: 'p50' | 'p99', bar?: number) =>
  ({
    name: `${name}: ${which} ms`,
    better: 'lower',
    bar,
    value: (r) => median(r, scenario).latency[which],
    format: ms,
  }) satisfies Metric;

const liveDelay = (name: string, bar: number, value: (r: ServerResults) => number): Metric => ({
  name,
  better: 'lower',
  bar,
  value,
  format: ms,
});

export const METRICS: readonly Metric[] = [
  rate('list', 'List, 1,000 notes', 1.0),
  {
    name: 'List, 1,000 notes: server CPU ms/req',
    better: 'lower',
    value: (r) => median(r, 'list').serverCpuPerRequestMs ?? Number.NaN,
    format: ms,
  },
  rate('large list', 'List, large', 0.8),
  {
    name: 'List, large: peak RSS',
    better: 'lower',
    bar: 1.2,
    value: (r) => Math.max(...r.scenarios['large list'].map((run) => run.peakRssBytes)),
    format: bytes,
  },
  rate('update', 'Update ~1 KB, 1,000 notes', 0.8),
  latency('update', 'Update ~1 KB, 1,000 notes', 'p50'),
  latency('update', 'Update ~1 KB, 1,000 notes', 'p99', 1.5),
  rate('create', 'Create', 0.8),
  latency('create', 'Create', 'p99', 1.5),
  liveDelay('Typing 30 keys/s, 50 listeners: event p99 ms', 1.3, (r) => r.typing.event.p99),
  liveDelay('Typing: event max ms', 2, (r) => r.typing.event.max),
  liveDelay('Fan-out, 2,000 sockets: delivery p99 ms', 1.3, (r) => r.fanout.delivery.p99),
  liveDelay('Fan-out: delivery max ms', 2, (r) => r.fanout.delivery.max),
];

const meets = (metric: Metric, value: number) =>
  metric.bar === undefined
    ? ''
    : (metric.better === 'higher' ? value >= metric.bar : value <= metric.bar)
      ? 'yes'
      : 'NO';

/** A Quire server and the plain server over the same kind of database. */
export interface YardstickPair {
  yardstick: ServerResults;
  quire: ServerResults;
}

/** Results in run order (plain, Quire, then plain and Quire on PostgreSQL) into pairs. */
export function yardstickPairs(results: readonly ServerResults[]): YardstickPair[] {
  const pairs: YardstickPair[] = [];
  for (let i = 0; i + 1 < results.length; i += 2) {
    pairs.push({ yardstick: results[i] as ServerResults, quire: results[i + 1] as ServerResults });
  }
  return pairs;
}

/**
 * One row per metric: for each database the yardstick, Quire, their ratio and the bar;
 * the PostgreSQL part also gives the ratio to Quire on SQLite (bar: within 2×).
 */
export function summaryRows(pairs: readonly YardstickPair[]) {
  const sqlite = pairs[0]?.quire;
  return METRICS.map((metric) => {
    const row = [metric.name];
    pairs.forEach(({ yardstick, quire }, i) => {
      const base = metric.value(yardstick);
      const value = metric.value(quire);
      const toBase = value / base;
      row.push(metric.format(base), metric.format(value), ratio(toBase), meets(metric, toBase));
      if (i > 0 && sqlite) {
        const toSqlite = value / metric.value(sqlite);
        const worse = metric.better === 'higher' ? 1 / toSqlite : toSqlite;
        row.push(ratio(toSqlite), worse <= 2 ? 'yes' : 'NO');
      }
    });
    return row;
  });
}

export function summaryHeaders(pairs: readonly YardstickPair[]): string[] {
  const headers = ['scenario'];
  pairs.forEach(({ yardstick, quire }, i) => {
    headers.push(yardstick.label, quire.label, '×plain', 'bar');
    if (i > 0) headers.push('×SQLite', '≤2×');
  });
  return headers;
}

/** The raw figures behind the table, for the JSON file. */
export function metricValues(results: ServerResults): Record<string, number> {
  return Object.fromEntries(METRICS.map((metric) => [metric.name, metric.value(results)]));
}
