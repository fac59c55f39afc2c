/** Sizes and durations of one bench run. BENCH_QUICK=1 shrinks them for a smoke run. */
export interface Settings {
  connections: number;
  warmupMs: number;
  durationMs: number;
  /** API comparison rounds; each cell reports its median round. */
  rounds: number;
  /** Notes of the user whose notes are updated and listed in the API comparison. */
  apiNotes: number;
  noteBytes: number;
  largeListNotes: number;
  largeListSamples: number;
  sockets: number;
  socketsPerUser: number;
  liveUpdates: number;
  liveGapMs: number;
  /** When set, the Quire processes write V8 CPU profiles into this directory. */
  cpuProfileDir: string | undefined;
}

export function loadSettings(env: NodeJS.ProcessEnv = process.env): Settings {
  const quick = env.BENCH_QUICK === '1';
  return {
    connections: 16,
    warmupMs: quick ? 300 : 1000,
    durationMs: quick ? 1000 : 3000,
    rounds: quick ? 1 : 3,
    apiNotes: 100,
    noteBytes: 1024,
    largeListNotes: quick ? 1000 : 10_000,
    largeListSamples: quick ? 5 : 15,
    sockets: quick ? 200 : 2000,
    socketsPerUser: 2,
    liveUpdates: quick ? 20 : 200,
    liveGapMs: 10,
    cpuProfileDir: env.BENCH_CPU_PROF || undefined,
  };
}
