import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  PostgresDialect,
  type PostgresDialectConfig,
  PostgresDriver,
  type TransactionSettings,
} from 'kysely';

/** An arbitrary constant naming Quire's transaction lock among the database's advisory locks. */
const TRANSACTION_LOCK_ID = 7_362_851_904_113;

/**
 * SQLite runs one transaction at a time, and Quire's transactions rely on it: two first-run
 * sign-ups must not both find the database empty. On PostgreSQL each explicit transaction
 * therefore begins by taking one advisory lock, held until it ends. Plain statements (all note
 * reads and writes) are not transactions and never wait for it.
 */
class SerialTransactionDriver extends PostgresDriver {
  override async beginTransaction(
    connection: DatabaseConnection,
    settings: TransactionSettings,
  ): Promise<void> {
    await super.beginTransaction(connection, settings);
    await connection.executeQuery(
      CompiledQuery.raw('select pg_advisory_xact_lock($1)', [TRANSACTION_LOCK_ID]),
    );
  }
}

export class QuirePostgresDialect extends PostgresDialect {
  constructor(private readonly driverConfig: PostgresDialectConfig) {
    super(driverConfig);
  }

  override createDriver(): Driver {
    return new SerialTransactionDriver(this.driverConfig);
  }
}
