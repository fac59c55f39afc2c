import { signUp } from './api.js';
import type { BenchServers } from './bench-servers.js';
import { type ListResult, loadNotes, measureLargeList } from './large-list.js';
import { type FanoutResult, type FanoutRig, openFanoutRig, socketBudget } from './live-fanout.js';
import { residentBytes } from './process-stats.js';
import { loadAverage, print, progress } from './report.js';
import type { Settings } from './settings.js';
import { bytes, count, formatTable, ms, percent } from './table.js';

const LIVE_P99_BAR_MS = 50;

function printLargeList(s: Settings, loadSeconds: number, sockets: number, list: ListResult[]) {
  print(
    `2. GET /api/notes with ${count(s.largeListNotes)} notes of ~${s.noteBytes} B (created ` +
      `through the API in ${loadSeconds.toFixed(1)} s, ${count(s.largeListNotes / loadSeconds)} ` +
      `notes/s); ${s.largeListSamples} sequential requests each, ${count(sockets)} sockets open ` +
      `[${loadAverage()}]`,
  );
  print(
    formatTable(
      ['accept-encoding', 'body on wire', 'of JSON', 'p50 ms', 'p99 ms', 'max ms'],
      list.map((row) => [
        row.encoding,
        bytes(row.wireBytes),
        percent(row.wireBytes / row.jsonBytes),
        ms(row.latency.p50),
        ms(row.latency.p99),
        ms(row.latency.max),
      ]),
    ),
  );
}

function printFanout(s: Settings, rig: FanoutRig, live: FanoutResult, warning?: string) {
  const pass = live.delivery.p99 < LIVE_P99_BAR_MS && live.lost === 0;
  print(
    `3. Live fan-out — ${count(rig.sockets)} sockets open (${count(rig.users)} users × ` +
      `${s.socketsPerUser}, opened in ${rig.openSeconds.toFixed(1)} s); ${live.updates} ` +
      `sequential PUTs, ${s.liveGapMs} ms apart [${loadAverage()}]`,
  );
  const row = (label: string, d: FanoutResult['put']) => [
    label,
    count(d.count),
    ms(d.p50),
    ms(d.p95),
    ms(d.p99),
    ms(d.max),
  ];
  print(
    formatTable(
      ['time from sending PUT to', 'samples', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms'],
      [row('each other socket getting the update', live.delivery), row('the PUT answer', live.put)],
    ),
  );
  print(
    `lost deliveries: ${live.lost}, unexpected messages: ${live.unexpected}; ` +
      `bar: p99 < ${LIVE_P99_BAR_MS} ms with ${count(s.sockets)} sockets → ` +
      `${pass ? 'PASS' : 'FAIL'}${warning ? ' (fewer sockets than the bar asks)' : ''}`,
  );
}

function printMemory(memory: { moment: string; rss: number }[]) {
  print('4. Memory — RSS of that Quire server process');
  const rows = memory.map(({ moment, rss }, i) => {
    const previous = memory[i - 1]?.rss;
    const change =
      previous === undefined
        ? ''
        : `${rss >= previous ? '+' : '−'}${bytes(Math.abs(rss - previous))}`;
    return [moment, bytes(rss), change];
  });
  print(formatTable(['moment', 'RSS', 'change'], rows));
}

/**
 * Sections 2–4 on one fresh Quire: 10,000 notes, then the sockets, then the large list is read
 * (with the sockets open, as in real use) and the fan-out measured; RSS is taken at each step.
 */
export async function scaleSection(servers: BenchServers, s: Settings): Promise<void> {
  const server = await servers.start('Quire at scale', 'quire');
  const memory: { moment: string; rss: number }[] = [];
  const sample = (moment: string) => memory.push({ moment, rss: residentBytes(server.pid) });
  try {
    const token = await signUp(server.url, 'list@bench.test');
    sample('idle, one account');
    progress(`creating ${count(s.largeListNotes)} notes`);
    const loaded = await loadNotes(server, token, s);
    sample(`after creating ${count(s.largeListNotes)} notes`);

    const budget = socketBudget(s.sockets, s.socketsPerUser);
    if (budget.warning) print(`WARNING: ${budget.warning}`);
    progress(`signing up ${count(budget.sockets / s.socketsPerUser)} users and opening sockets`);
    const rig = await openFanoutRig(server, budget.sockets, s);
    try {
      sample(`after ${count(rig.users)} sign-ups and ${count(rig.sockets)} sockets`);
      progress('listing the notes');
      const list = await measureLargeList(server, token, s);
      sample(`after listing the notes ${3 * (s.largeListSamples + 3)} times`);
      progress(`sending ${s.liveUpdates} live updates`);
      const live = await rig.measure();
      sample(`after ${live.updates} live updates`);

      printLargeList(s, loaded.seconds, rig.sockets, list);
      print();
      printFanout(s, rig, live, budget.warning);
      print();
    } finally {
      await rig.close();
    }
    printMemory(memory);
  } finally {
    await servers.stop(server);
  }
}
