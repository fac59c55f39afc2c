import { CompiledQuery, type DatabaseConnection, type QueryResult, SqliteDriver } from 'kysely';

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

/** One hand-out of the connection; the driver may take it back before Kysely does. */
interface Lease extends DatabaseConnection {
  released: boolean;
}

/**
 * A batch commits within this long even if the event loop never turns (a script writing in a
 * loop of awaits): readers and writers after it find it committed.
 */
const MAX_BATCH_MS = 20;

const BEGIN = CompiledQuery.raw('begin immediate');
const COMMIT = CompiledQuery.raw('commit');
const ROLLBACK = CompiledQuery.raw('rollback');
const UNIT = CompiledQuery.raw('savepoint quire_unit');
const RELEASE_UNIT = CompiledQuery.raw('release quire_unit');
const UNDO_UNIT = CompiledQuery.raw('rollback to quire_unit');

/** Anything but a plain select may write (a write with `returning` reads as rows). */
const mayWrite = (query: CompiledQuery) => !/^\s*select\b/i.test(query.sql);

/**
 * Group commit for SQLite: the transactions that arrive together run one after another inside
 * one real transaction, each as a savepoint, which commits on the next turn of the event loop.
 * Each commit costs SQLite a WAL write of every page it touched, so a burst of writes pays that
 * once instead of once each. A failing transaction still undoes only its own work.
 *
 * A transaction resolves once its batch has committed (and rejects if that commit fails), like
 * a transaction of its own would: it hands the connection back at its savepoint's release, so
 * the transactions after it join the batch, and waits for the commit without it.
 */
export class BatchedSqliteDriver extends SqliteDriver {
  /** The one connection, taken from the dialect's driver once and lent out here. */
  private connection: DatabaseConnection | undefined;
  private readonly waiting: (() => void)[] = [];
  private locked = false;
  private batch: Batch | undefined;
  private commitQueued = false;
  /** A transaction (a savepoint of the batch) is running on the connection. */
  private inUnit = false;
  private readonly commitListeners = new Set<() => void>();

  override async init(): Promise<void> {
    await super.init();
    this.connection = await super.acquireConnection();
  }

  /** Calls `listener` after every commit that may have changed data; returns `unsubscribe`. */
  onCommit(listener: () => void): () => void {
    this.commitListeners.add(listener);
    return () => this.commitListeners.delete(listener);
  }

  override async acquireConnection(): Promise<DatabaseConnection> {
    await this.lock();
    if (this.batch && performance.now() - this.batch.opened >= MAX_BATCH_MS) await this.commit();
    return this.lease();
  }

  // Kysely hands back the connection it was lent (SqliteDriver declares no parameter).
  override async releaseConnection(connection?: DatabaseConnection): Promise<void> {
    const lease = connection as Lease;
    if (lease.released) return;
    lease.released = true;
    this.unlock();
  }

  override async beginTransaction(): Promise<void> {
    if (!this.batch) {
      await this.run(BEGIN);
      this.batch = new Batch();
    }
    await this.run(UNIT);
    this.inUnit = true;
  }

  override async commitTransaction(connection: DatabaseConnection): Promise<void> {
    this.inUnit = false;
    await this.run(RELEASE_UNIT);
    const batch = this.batch as Batch;
    this.queueCommit();
    await this.releaseConnection(connection);
    await batch.committed;
  }

  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    // Handed back already: the batch's commit failed and took this transaction with it.
    if ((connection as Lease).released) return;
    this.inUnit = false;
    try {
      await this.run(UNDO_UNIT);
      await this.run(RELEASE_UNIT);
    } catch (error) {
      // Some errors (an I/O error, a full disk) end the whole transaction: the batch is lost.
      // The transaction's own error is what its caller hears.
      await this.fail(error);
    }
  }

  /** Commits what is open before the database closes; throws if that commit fails. */
  override async destroy(): Promise<void> {
    const batch = this.batch;
    if (batch) await this.commitQueuedBatch();
    await super.destroy();
    await batch?.committed;
  }

  /**
   * A statement outside any transaction commits on its own: one that may write first commits
   * the open batch, so that it is committed, like a transaction, when it returns.
   */
  private lease(): Lease {
    const lease: Lease = {
      released: false,
      executeQuery: async <R>(query: CompiledQuery): Promise<QueryResult<R>> => {
        const alone = !this.inUnit && mayWrite(query);
        if (alone) await this.commit();
        const result = await this.run<R>(query);
        if (alone) this.committedData();
        return result;
      },
      streamQuery: (query, chunkSize) => this.open().streamQuery(query, chunkSize),
    };
    return lease;
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
    await this.lock();
    this.commitQueued = false;
    try {
      await this.commit();
    } finally {
      this.unlock();
    }
  }

  /** Commits the open batch; the caller holds the connection. */
  private async commit(): Promise<void> {
    const batch = this.batch;
    if (!batch) return;
    try {
      await this.run(COMMIT);
    } catch (error) {
      await this.fail(error);
      return;
    }
    this.batch = undefined;
    batch.resolve();
    this.committedData();
  }

  /** Rejects the open batch and leaves no transaction open, whatever state the error left. */
  private async fail(error: unknown): Promise<void> {
    this.batch?.reject(error);
    this.batch = undefined;
    await this.run(ROLLBACK).catch(() => {});
  }

  private committedData(): void {
    for (const listener of this.commitListeners) listener();
  }

  private run<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return this.open().executeQuery<R>(query);
  }

  private open(): DatabaseConnection {
    if (!this.connection) throw new Error('the database is not open');
    return this.connection;
  }

  private lock(): Promise<void> {
    if (!this.locked) {
      this.locked = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  /** Hands the connection to the next in line, which keeps it locked. */
  private unlock(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.locked = false;
  }
}
