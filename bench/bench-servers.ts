import path from 'node:path';
import { progress } from './report.js';
import { type ServerProcess, startServer } from './server-process.js';
import type { Settings } from './settings.js';

/** A server under test: the plain yardstick, or Quire over SQLite or PostgreSQL. */
export interface ServerVariant {
  label: string;
  kind: 'plain' | 'quire';
  /** An SQLite file name in the bench's directory, or a PostgreSQL URL. */
  database: string;
}

/** Starts the servers under test, each over its own database, and stops them all. */
export class BenchServers {
  private readonly running = new Set<ServerProcess>();

  constructor(
    private readonly dir: string,
    private readonly settings: Settings,
  ) {}

  async start(variant: ServerVariant): Promise<ServerProcess> {
    progress(`starting ${variant.label}`);
    const database = variant.database.startsWith('postgres')
      ? variant.database
      : path.join(this.dir, variant.database);
    const profileDir = this.settings.cpuProfileDir;
    const server = await startServer(
      variant.kind === 'quire'
        ? {
            name: variant.label,
            script: 'src/server/main.ts',
            args: ['serve'],
            cwd: this.settings.quireRoot,
            env: {
              DATABASE_URL: database,
              ALLOW_SIGNUP: 'true',
              AUTH_RATE_LIMIT: '0',
              SCRYPT_COST: '10',
              LOG_LEVEL: 'warn',
            },
            nodeFlags: profileDir
              ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profileDir)}`]
              : [],
          }
        : { name: variant.label, script: 'bench/plain-server.ts', env: { DATABASE_URL: database } },
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
