import path from 'node:path';
import { progress } from './report.js';
import { type ServerProcess, startServer } from './server-process.js';
import type { Settings } from './settings.js';

export type ServerKind = 'quire' | 'baseline';

/** Starts the servers under test, each over its own SQLite file in `dir`, and stops them all. */
export class BenchServers {
  private readonly running = new Set<ServerProcess>();

  constructor(
    private readonly dir: string,
    private readonly settings: Settings,
  ) {}

  async start(name: string, kind: ServerKind, logLevel = 'warn'): Promise<ServerProcess> {
    progress(`starting ${name}`);
    const database = path.join(this.dir, `${name.replace(/\W+/g, '-')}.db`);
    const profileDir = this.settings.cpuProfileDir;
    const server = await startServer(
      kind === 'quire'
        ? {
            name,
            script: 'src/server/main.ts',
            args: ['serve'],
            env: {
              DATABASE_URL: database,
              ALLOW_SIGNUP: 'true',
              AUTH_RATE_LIMIT: '0',
              SCRYPT_COST: '10',
              LOG_LEVEL: logLevel,
            },
            nodeFlags: profileDir
              ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profileDir)}`]
              : [],
          }
        : { name, script: 'bench/baseline-server.ts', env: { DATABASE_URL: database } },
    );
    this.running.add(server);
    return server;
  }

  async stop(server: ServerProcess): Promise<void> {
    await server.stop();
    this.running.delete(server);
  }

  async stopAll(): Promise<void> {
    await Promise.all([...this.running].map((server) => this.stop(server)));
  }
}
