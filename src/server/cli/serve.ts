import type { FastifyBaseLogger } from 'fastify';
import { buildApp } from '../app.js';
import { BackupSchedule } from '../backup/backup-schedule.js';
import type { Config } from '../config.js';
import { migrateToLatest } from '../db/migrate.js';
import { rebuildAskedLinkIndex } from '../links/link-index-rebuilds.js';
import { openDatabase } from '../storage/open-database.js';

const SHUTDOWN_GRACE_MS = 10_000;

/**
 * Runs Quire until SIGTERM or SIGINT: migrate, listen, and on a signal stop accepting, close
 * the sockets, let in-flight requests finish, then close the database.
 */
export async function serve(config: Config): Promise<void> {
  const database = await openDatabase(config.database);
  await migrateToLatest(database.db);
  await rebuildAskedLinkIndex(database.db);
  // The bus exists before the app whose logger it writes to.
  let log: FastifyBaseLogger | undefined;
  const bus = await database.createBus({
    info: (details, message) => log?.info(details, message),
    warn: (details, message) => log?.warn(details, message),
  });
  const app = await buildApp({ config, database, bus });
  log = app.log;
  const backups =
    config.backups &&
    new BackupSchedule(
      { database, location: config.database, attachments: config.attachments },
      config.backups,
      app.log,
    );

  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) {
      app.log.warn({ signal }, 'second signal: exiting at once');
      process.exit(1);
    }
    stopping = true;
    app.log.info({ signal }, 'Quire is shutting down');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long: exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    // Keep-alive connections busy when closing began would hold the server open once their
    // request is answered; close each as soon as it falls idle.
    const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
    await app.close();
    clearInterval(sweep);
    await backups?.stop();
    await bus.close();
    await database.close();
    app.log.info('Quire has stopped');
  };
  // A second signal while stopping exits at once.
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);

  const address = await app.listen({ port: config.port, host: config.host });
  app.log.info({ url: address, database: config.database.kind }, 'Quire is listening');
  backups?.start();
}
