import { cpuSeconds } from './process-stats.js';
import { RawConnection } from './raw-http.js';
import { type LatencySummary, summarize } from './stats.js';

export interface LoadOptions {
  port: number;
  serverPid: number;
  connections: number;
  warmupMs: number;
  durationMs: number;
  /** The bytes of the n-th request (pre-built, so choosing one costs nothing). */
  request(n: number): Buffer;
  expectStatus: number;
}

export interface LoadResult {
  requests: number;
  perSecond: number;
  latency: LatencySummary;
  /** Answers with an unexpected status or failed connections, warm-up included. */
  errors: number;
  /** Average wire body size of the measured answers. */
  bodyBytes: number;
  /** CPU used over the measured window as a share of one core. */
  serverCpu: number | undefined;
  /**
   * Server CPU milliseconds per measured request: the cost of the work itself, which other
   * load on the machine disturbs far less than it disturbs throughput.
   */
  serverCpuPerRequestMs: number | undefined;
  clientCpu: number;
}

/**
 * Fixed concurrency for a fixed time: each connection sends its next request as soon as the
 * previous answer is in (a closed loop), so the numbers are what the server sustains, not an
 * offered rate. Only requests that start after the warm-up count.
 */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const start = performance.now();
  const measureFrom = start + options.warmupMs;
  const stopAt = measureFrom + options.durationMs;
  const latencies: number[] = [];
  let errors = 0;
  let bodyBytes = 0;
  let sent = 0;
  let serverCpuStart: number | undefined;
  let clientCpuStart: NodeJS.CpuUsage | undefined;
  const markWindow = setTimeout(() => {
    serverCpuStart = cpuSeconds(options.serverPid);
    clientCpuStart = process.cpuUsage();
  }, options.warmupMs);

  const worker = async () => {
    const connection = new RawConnection(options.port);
    try {
      for (;;) {
        const begin = performance.now();
        if (begin >= stopAt) return;
        const bytes = options.request(sent);
        sent += 1;
        try {
          const response = await connection.request(bytes);
          if (response.status !== options.expectStatus) errors += 1;
          else if (begin >= measureFrom) {
            latencies.push(performance.now() - begin);
            bodyBytes += response.bodyBytes;
          }
        } catch {
          errors += 1;
          connection.close();
        }
      }
    } finally {
      connection.close();
    }
  };
  await Promise.all(Array.from({ length: options.connections }, worker));
  clearTimeout(markWindow);
  const seconds = (performance.now() - measureFrom) / 1000;
  const serverCpuEnd = cpuSeconds(options.serverPid);
  const clientCpu = process.cpuUsage(clientCpuStart);
  const serverCpuUsed =
    serverCpuStart !== undefined && serverCpuEnd !== undefined
      ? serverCpuEnd - serverCpuStart
      : undefined;
  return {
    requests: latencies.length,
    perSecond: latencies.length / seconds,
    latency: summarize(latencies),
    errors,
    bodyBytes: latencies.length > 0 ? bodyBytes / latencies.length : 0,
    serverCpu: serverCpuUsed === undefined ? undefined : serverCpuUsed / seconds,
    serverCpuPerRequestMs:
      serverCpuUsed === undefined || latencies.length === 0
        ? undefined
        : (serverCpuUsed * 1000) / latencies.length,
    clientCpu: (clientCpu.user + clientCpu.system) / 1e6 / seconds,
  };
}
