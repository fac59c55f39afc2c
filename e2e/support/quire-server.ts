import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';

const REPO_ROOT = resolve(import.meta.dirname, '../..');
const START_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 10_000;

export interface QuireServer {
  url: string;
  port: number;
  /** Holds the database; kept across a restart. */
  dataDir: string;
  /** Stops the process gracefully (SIGTERM), by its pid. */
  stop(): Promise<void>;
}

export interface StartOptions {
  dataDir?: string;
  /** 0 (default) picks a free port; a restart passes the previous one. */
  port?: number;
  /** A PostgreSQL database to use instead of an SQLite file in `dataDir`. */
  databaseUrl?: string;
  /** More settings, such as ATTACHMENTS=false, or OIDC_ALLOWED_DOMAINS beside `oidcProvider`. */
  env?: Record<string, string>;
  /** An OpenID provider to sign in through: its issuer and Quire's client there. */
  oidcProvider?: { issuer: string; clientId: string; clientSecret: string };
}

function oidcEnv(provider: StartOptions['oidcProvider']): Record<string, string> {
  if (!provider) return {};
  return {
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: provider.clientId,
    OIDC_CLIENT_SECRET: provider.clientSecret,
  };
}

export async function makeDataDir(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'quire-e2e-'));
}

export async function removeDataDir(dataDir: string): Promise<void> {
  await rm(dataDir, { recursive: true, force: true });
}

function waitForExit(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((done) => {
    const timer = setTimeout(() => done(false), timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      done(true);
    });
  });
}

/**
 * Starts the real server on loopback over a temporary SQLite database (or the PostgreSQL one
 * given), with open sign-up.
 */
export async function startQuireServer(options: StartOptions = {}): Promise<QuireServer> {
  const dataDir = options.dataDir ?? (await makeDataDir());
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts', 'serve'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(options.port ?? 0),
      HOST: '127.0.0.1',
      DATABASE_URL: options.databaseUrl ?? join(dataDir, 'quire.db'),
      ALLOW_SIGNUP: 'true',
      AUTH_RATE_LIMIT: '0',
      SCRYPT_COST: '12',
      LOG_LEVEL: 'info',
      ...oidcEnv(options.oidcProvider),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });

  const url = await new Promise<string>((done, fail) => {
    const timer = setTimeout(
      () => fail(new Error(`server did not start:\n${stderr}`)),
      START_TIMEOUT_MS,
    );
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      if (!line.includes('Quire is listening')) return;
      const found = /"url":"([^"]+)"/.exec(line)?.[1];
      if (!found) return;
      clearTimeout(timer);
      lines.removeAllListeners('line');
      child.stdout?.resume(); // keep draining the log so the server never blocks on it
      done(found);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`server exited with ${code} before listening:\n${stderr}`));
    });
  });

  return {
    url,
    port: Number(new URL(url).port),
    dataDir,
    async stop() {
      if (child.pid === undefined) return;
      child.kill('SIGTERM');
      if (!(await waitForExit(child, STOP_TIMEOUT_MS))) {
        child.kill('SIGKILL');
        await waitForExit(child, STOP_TIMEOUT_MS);
      }
    },
  };
}
