import { medianRun } from './load-scenarios.js';
import { print } from './report.js';
import type { YardstickPair } from './results-table.js';
import type { Settings } from './settings.js';
import { count, formatTable, ms, ratio } from './table.js';

/** Bars from the issue: Quire's own save against the plain server's update. */
const BAR = { sqlite: 0.6, postgres: 0.5 };

/** Each window of Quire's own saves, and the first and last against the plain update. */
export function printSyncSaves(pairs: readonly YardstickPair[], s: Settings): void {
  print(
    `Quire's own save — a keystroke's document update with the whole note, revision tracked, ` +
      `${s.connections} connections, ${s.syncSaveSeconds} s in windows of ` +
      `${s.syncSaveWindowSeconds} s; "×plain": against the plain server's update (median round)`,
  );
  const rows = pairs.flatMap(({ yardstick, quire }, i) => {
    const windows = quire.syncSaves ?? [];
    const first = windows[0];
    const last = windows.at(-1);
    if (!first || !last) return [];
    const plain = medianRun(yardstick.scenarios.update).perSecond;
    const bar = i === 0 ? BAR.sqlite : BAR.postgres;
    const meets = (rate: number) => (rate / plain >= bar ? 'yes' : 'NO');
    return [
      [
        quire.label,
        windows.map((window) => count(window.perSecond)).join(' '),
        `${count(first.perSecond)} / ${count(last.perSecond)}`,
        `${ratio(first.perSecond / plain)} / ${ratio(last.perSecond / plain)}`,
        `${bar}: ${meets(first.perSecond)} / ${meets(last.perSecond)}`,
        ms(Math.max(...windows.map((window) => window.p99))),
        count(windows.reduce((sum, window) => sum + window.errors, 0)),
      ],
    ];
  });
  print(
    formatTable(
      ['server', 'req/s per window', 'first / last', '×plain', 'bar', 'worst p99 ms', 'errors'],
      rows,
    ),
  );
}
