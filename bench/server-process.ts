import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

export const REPO_ROOT = path.resolve(import.meta.dirname, '..');

export interface ServerProcess {
  name: string;
  pid: number;
  port: number;
  url: string;
  /** The last few kilobytes the process wrote to stderr, for error messages. */
  stderrTail(): string;
  /** SIGTERM, then SIGKILL if the process has not exited within a few seconds. */
  stop(): Promise<void>;
}

export interface ServerSpec {
  name: string;
  /** Script path relative to the repository root, run with tsx. */
  script: string;
  args?: string[];
  env: Record<string, string>;
  /** Extra node flags, e.g. --cpu-prof. */
  nodeFlags?: string[];
  /** Where the script lives, if not in this checkout (e.g. another commit, for a before/after). */
  cwd?: string;
}

const START_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 5_000;
const running = new Set<ChildProcess>();

// Whatever happens to the bench, no server is left behind.
process.on('exit', () => {
  for (const child of running) if (child.pid !== undefined) process.kill(child.pid, 'SIGKILL');
});

/** A port that was free a moment ago: the server binds it next, on loopback only. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves once the server answers any HTTP request; rejects if it exits first. */
async function waitUntilServing(url: string, child: ChildProcess, spec: ServerSpec) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`${spec.name} exited before serving`);
    }
    try {
      const response = await fetch(`${url}/api/config`, { signal: AbortSignal.timeout(1000) });
      await response.arrayBuffer();
      return;
    } catch {
      await sleep(50);
    }
  }
  throw new Error(`${spec.name} did not answer within ${START_TIMEOUT_MS / 1000} s`);
}

/**
 * Starts a server script as its own process on a free loopback port. Its stdout goes to
 * /dev/null, as a service's logs would go to a file: reading them here would cost the load
 * generator's core.
 */
export async function startServer(spec: ServerSpec): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [...(spec.nodeFlags ?? []), '--import', 'tsx', spec.script, ...(spec.args ?? [])],
    {
      cwd: spec.cwd ?? REPO_ROOT,
      env: { ...process.env, ...spec.env, PORT: String(port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  running.add(child);
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  void exited.then(() => running.delete(child));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
    process.kill(child.pid, 'SIGTERM');
    const timer = setTimeout(() => {
      if (child.pid !== undefined && child.exitCode === null) process.kill(child.pid, 'SIGKILL');
    }, STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
  };
  try {
    await waitUntilServing(url, child, spec);
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\n${stderr}`);
  }
  if (child.pid === undefined) throw new Error(`${spec.name} has no process id`);
  return { name: spec.name, pid: child.pid, port, url, stderrTail: () => stderr, stop };
}
