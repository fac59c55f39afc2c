import type { BrowserSettings } from './browser-section.js';
import type { SearchSettings } from './search-section.js';

/** Sizes and durations of one bench run. BENCH_QUICK=1 shrinks them for a smoke run. */
export interface Settings {
  quick: boolean;
  connections: number;
  warmupMs: number;
  durationMs: number;
  /** Interleaved rounds of the load scenarios; each cell reports its median round. */
  rounds: number;
  noteBytes: number;
  /** Notes of the user whose list is read and whose notes are updated. */
  listNotes: number;
  /** Notes of the user with the large list. */
  largeListNotes: number;
  /** Keystrokes per second and listening sockets of the typing scenario. */
  typingKeysPerSecond: number;
  /** Quire's own saves (keystroke updates): the whole run, and each window reported. */
  syncSaveSeconds: number;
  syncSaveWindowSeconds: number;
  typingListeners: number;
  typingSeconds: number;
  sockets: number;
  socketsPerUser: number;
  /** Measured fan-out updates: 1,000 make 2,000 deliveries, so the p99 is not its 4th worst. */
  liveUpdates: number;
  liveGapMs: number;
  /** PostgreSQL server on which the bench creates (and drops) its own database; '' skips it. */
  postgresUrl: string;
  /** Where the results go as JSON. */
  resultsFile: string;
  /** Another checkout of Quire to measure instead of this one (a before/after comparison). */
  quireRoot: string | undefined;
  /** When set, the Quire processes write V8 CPU profiles into this directory. */
  cpuProfileDir: string | undefined;
  search: SearchSettings;
  browser: BrowserSettings;
}

export function loadSettings(env: NodeJS.ProcessEnv = process.env): Settings {
  const quick = env.BENCH_QUICK === '1';
  return {
    quick,
    connections: 32,
    warmupMs: quick ? 300 : 500,
    durationMs: quick ? 1000 : 2000,
    rounds: quick ? 1 : 3,
    noteBytes: 1024,
    listNotes: 1000,
    largeListNotes: quick ? 2000 : 10_000,
    typingKeysPerSecond: 30,
    syncSaveSeconds: quick ? 10 : 60,
    syncSaveWindowSeconds: quick ? 5 : 10,
    typingListeners: 50,
    typingSeconds: quick ? 2 : 5,
    sockets: quick ? 200 : 2000,
    socketsPerUser: 2,
    liveUpdates: quick ? 40 : 1000,
    liveGapMs: 10,
    postgresUrl: env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    resultsFile: env.BENCH_RESULTS ?? 'bench/results/latest.json',
    quireRoot: env.BENCH_QUIRE_ROOT || undefined,
    cpuProfileDir: env.BENCH_CPU_PROF || undefined,
    search: {
      notes: quick ? 10_000 : 100_000,
      noiseUsers: 4,
      noiseNotesPerUser: quick ? 1000 : 10_000,
      samples: quick ? 30 : 100,
    },
    browser: {
      notes: quick ? 10_000 : 100_000,
      keystrokes: quick ? 20 : 40,
      keyGapMs: 100,
      quireRoot: env.BENCH_QUIRE_ROOT || undefined,
      traceDir: env.BENCH_TRACE || undefined,
    },
  };
}
