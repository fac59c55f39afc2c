import { LOAD_SCENARIOS } from './bench-target.js';
import { medianRun } from './load-scenarios.js';
import { print } from './report.js';
import type { ServerResults } from './results-table.js';
import type { Settings } from './settings.js';
import { bytes, count, formatTable, ms, percent } from './table.js';

/** Every load run's median round, then the live scenarios, per server. */
export function printDetails(results: readonly ServerResults[], s: Settings, load: string): void {
  print(
    `Load — ${s.connections} connections, ${s.warmupMs / 1000} s warm-up + ${s.durationMs / 1000} s ` +
      `per run, ${s.rounds} interleaved round${s.rounds === 1 ? '' : 's'}, median round; notes of ` +
      `~${s.noteBytes} B; large list: ${count(s.largeListNotes)} notes [${load}]`,
  );
  const rows = LOAD_SCENARIOS.flatMap((scenario) =>
    results.map((result) => {
      const runs = result.scenarios[scenario];
      const run = medianRun(runs);
      const rates = runs.map((each) => each.perSecond);
      return [
        `${scenario}  ${result.label}`,
        count(run.perSecond),
        runs.length > 1 ? `${count(Math.min(...rates))}–${count(Math.max(...rates))}` : '',
        ms(run.latency.p50),
        ms(run.latency.p99),
        count(runs.reduce((sum, each) => sum + each.errors, 0)),
        percent(run.serverCpu),
        run.serverCpuPerRequestMs === undefined ? '—' : ms(run.serverCpuPerRequestMs),
        percent(run.clientCpu),
        bytes(Math.round(run.bodyBytes)),
        bytes(Math.max(...runs.map((each) => each.peakRssBytes))),
      ];
    }),
  );
  print(
    formatTable(
      [
        'scenario  server',
        'req/s',
        'rounds',
        'p50 ms',
        'p99 ms',
        'errors',
        'server CPU',
        'CPU ms/req',
        'client CPU',
        'body',
        'peak RSS',
      ],
      rows,
    ),
  );
  print();
  print(
    `Live — typing: ${s.typingKeysPerSecond} keys/s for ${s.typingSeconds} s into a 1 KB note, ` +
      `${s.typingListeners} sockets listening; fan-out: ${s.liveUpdates} PUTs ${s.liveGapMs} ms ` +
      `apart to users with ${s.socketsPerUser} sockets each`,
  );
  print(
    formatTable(
      ['server', 'typing event p50', 'p99', 'max', 'lost', 'fan-out p50', 'p99', 'max', 'lost'],
      results.map((r) => [
        r.label,
        ms(r.typing.event.p50),
        ms(r.typing.event.p99),
        ms(r.typing.event.max),
        count(r.typing.lost),
        ms(r.fanout.delivery.p50),
        ms(r.fanout.delivery.p99),
        ms(r.fanout.delivery.max),
        count(r.fanout.lost),
      ]),
    ),
  );
}
