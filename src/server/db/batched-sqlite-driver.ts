import { AsyncLocalStorage } from 'node:async_hooks';
import {
  CompiledQuery,
  type DatabaseConnection,
  type SqliteDialectConfig,
  SqliteDriver,
} from 'kysely';

/** One SQLite transaction shared by the writes that arrived together. */
class Batch {
  readonly committed: Promise<void>;
  readonly opened = performance.now();
  resolve!: () => void;
  reject!: (error: unknown) => void;

  constructor() {
    this.committed = new Promise<void>((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
    });
    // A batch nobody waits on may fail unobserved; its writers learn of it through `committed`.
    this.committed.catch(() => {});
  }
}

/**
 * A batch commits within this long even if the event loop never turns (a script writing in a
 * loop of awaits): readers and writers after it find it committed.
 */
const MAX_BATCH_MS = 20;

const UNIT = CompiledQuery.raw('savepoint quire_unit');
const RELEASE_UNIT = CompiledQuery.raw('release quire_unit');
const UNDO_UNIT = CompiledQuery.raw('rollback to quire_unit');

/**
 * Group commit for SQLite: the transactions that arrive together run one after another inside
 * one real transaction, each as a savepoint, which commits on the next turn of the event loop.
 * Each commit costs SQLite a WAL write of every page it touched, so a burst of writes pays that
 * once instead of once each. A failing transaction still undoes only its own work. Nothing is
 * answered before its batch commits: `committed`.
 */
export class BatchedSqliteDriver extends SqliteDriver {
  private batch: Batch | undefined;
  private commitQueued = false;
  /** A transaction is running on the connection. */
  private inUnit = false;
  /** The one connection, once handed out, seen through `noticingWrites`. */
  private connection: DatabaseConnection | undefined;
  /** A statement changed rows since the connection was taken. */
  private wrote = false;
  /** The batches each request touched, so it waits for exactly those. */
  private readonly scope = new AsyncLocalStorage<Set<Batch>>();
  private readonly commitListeners = new Set<() => void>();

  constructor(config: SqliteDialectConfig) {
    super(config);
  }

  /** Calls `listener` after every commit that may have changed data; returns `unsubscribe`. */
  onCommit(listener: () => void): () => void {
    this.commitListeners.add(listener);
    return () => this.commitListeners.delete(listener);
  }

  /** Runs `fn` with its own record of the batches it writes in (a request, say). */
  tracked<T>(fn: () => T): T {
    return this.scope.run(new Set(), fn);
  }

  /**
   * Resolves once the batches this scope used have committed (outside a scope: the open batch);
   * rejects if one of them failed, since its writes are then gone.
   */
  async committed(): Promise<void> {
    const batches = this.scope.getStore();
    if (!batches) return this.batch?.committed;
    await Promise.all([...batches].map((batch) => batch.committed));
  }

  override async acquireConnection(): Promise<DatabaseConnection> {
    const connection = this.noticingWrites(await super.acquireConnection());
    if (this.batch && performance.now() - this.batch.opened >= MAX_BATCH_MS) {
      await this.commit(connection);
    }
    // A statement run outside a transaction while a batch is open commits with it.
    if (this.batch) this.scope.getStore()?.add(this.batch);
    return connection;
  }

  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    if (!this.batch) {
      await connection.executeQuery(CompiledQuery.raw('begin immediate'));
      this.batch = new Batch();
    }
    this.scope.getStore()?.add(this.batch);
    await connection.executeQuery(UNIT);
    this.inUnit = true;
  }

  override async commitTransaction(connection: DatabaseConnection): Promise<void> {
    this.inUnit = false;
    await connection.executeQuery(RELEASE_UNIT);
    this.queueCommit();
  }

  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    this.inUnit = false;
    try {
      await connection.executeQuery(UNDO_UNIT);
      await connection.executeQuery(RELEASE_UNIT);
    } catch (error) {
      // Some errors (an I/O error, a full disk) end the whole transaction: the batch is lost.
      // The transaction's own error is what its caller hears.
      this.fail(connection, error);
      return;
    }
    this.queueCommit();
  }

  /**
   * Commits on the next turn of the event loop, after the transactions already waiting for the
   * connection (and those begun meanwhile) have run, so they share the commit.
   */
  private queueCommit(): void {
    if (this.commitQueued) return;
    this.commitQueued = true;
    setImmediate(() => void this.commitQueuedBatch());
  }

  private async commitQueuedBatch(): Promise<void> {
    const connection = await this.acquireConnection();
    this.commitQueued = false;
    try {
      await this.commit(connection);
    } finally {
      await this.releaseConnection();
    }
  }

  private async commit(connection: DatabaseConnection): Promise<void> {
    if (!this.batch) return;
    try {
      await connection.executeQuery(CompiledQuery.raw('commit'));
    } catch (error) {
      this.fail(connection, error);
      return;
    }
    this.batch.resolve();
    this.batch = undefined;
    this.wrote = false; // what the batch wrote is told of now, not again on release
    this.committedData();
  }

  private committedData(): void {
    for (const listener of this.commitListeners) listener();
  }

  /** A statement run outside any transaction committed on its own: listeners hear of it. */
  override async releaseConnection(): Promise<void> {
    const wroteAlone = this.wrote && !this.batch && !this.inUnit;
    this.wrote = false;
    await super.releaseConnection();
    if (wroteAlone) this.committedData();
  }

  /** The connection, noting when a statement may have written, so reads pay no check on release. */
  private noticingWrites(connection: DatabaseConnection): DatabaseConnection {
    if (!this.connection) {
      const executeQuery = async <R>(query: CompiledQuery) => {
        const result = await connection.executeQuery<R>(query);
        // A write with `returning` reads as rows, so anything but a select counts.
        if (result.numAffectedRows || !/^\s*select\b/i.test(query.sql)) this.wrote = true;
        return result;
      };
      this.connection = {
        executeQuery,
        streamQuery: (query, chunkSize) => connection.streamQuery(query, chunkSize),
      };
    }
    return this.connection;
  }

  /** Commits what is open before the database closes; throws if that commit fails. */
  override async destroy(): Promise<void> {
    const batch = this.batch;
    if (batch) await this.commitQueuedBatch();
    await super.destroy();
    await batch?.committed;
  }

  /** Rejects the open batch and leaves no transaction open, whatever state the error left. */
  private fail(connection: DatabaseConnection, error: unknown): void {
    this.batch?.reject(error);
    this.batch = undefined;
    connection.executeQuery(CompiledQuery.raw('rollback')).catch(() => {});
  }
}
