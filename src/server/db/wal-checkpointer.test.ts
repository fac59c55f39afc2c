import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { rowsInFileAlone } from '../../../test/helpers/sqlite-file-alone.js';
import {
  CHECKPOINT_AFTER_BYTES,
  type CheckpointResult,
  WalCheckpointer,
} from './wal-checkpointer.js';

let dir: string;
let file: string;
let writer: SQLite.Database;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wal-checkpoint-'));
  file = path.join(dir, 'quire.db');
  writer = new SQLite(file);
  writer.pragma('journal_mode = WAL');
  writer.pragma('wal_autocheckpoint = 0'); // only the checkpointer copies the WAL back
  writer.exec('create table pages (id integer primary key, text text not null)');
  writer.pragma('wal_checkpoint(TRUNCATE)'); // the file alone holds the empty table
});
afterEach(() => {
  if (writer.open) writer.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Commits rows of 4 KiB, a transaction each, until the WAL is past `bytes`. */
function writeWal(bytes: number): number {
  const insert = writer.prepare('insert into pages (text) values (?)');
  let rows = 0;
  while (fs.statSync(`${file}-wal`).size <= bytes) {
    insert.run(`${rows}`.padEnd(4096, '.'));
    rows += 1;
  }
  return rows;
}

describe('WAL checkpoints on a worker thread', () => {
  it('copies the WAL into the database file once it has grown, after a commit', async () => {
    const checkpoints: CheckpointResult[] = [];
    let failure: Error | undefined;
    let checkpointer: WalCheckpointer | undefined;
    const checkpointed = new Promise<void>((resolve) => {
      checkpointer = new WalCheckpointer(file, {
        onFailure: (error) => {
          failure = error;
        },
        onCheckpoint: (result) => {
          checkpoints.push(result);
          resolve();
        },
      });
    });
    const rows = writeWal(CHECKPOINT_AFTER_BYTES);
    expect(rowsInFileAlone(file, 'pages', dir)).toBe(0);
    checkpointer?.committed();
    await checkpointed;
    expect(failure).toBeUndefined();
    expect(rowsInFileAlone(file, 'pages', dir)).toBe(rows);
    const [result] = checkpoints;
    expect(result?.busy).toBe(0);
    expect(result?.checkpointed).toBe(result?.log);
    expect(result?.log).toBeGreaterThanOrEqual(rows);
    await checkpointer?.close();
  });

  it('lets the writer start the WAL over after a whole checkpoint', async () => {
    const checkpointer = new WalCheckpointer(file, { onFailure: () => {} });
    const rows = writeWal(CHECKPOINT_AFTER_BYTES);
    const first = await checkpointer.checkpoint();
    expect(first.checkpointed).toBe(first.log);
    writer.prepare('insert into pages (text) values (?)').run('after the checkpoint');
    const second = await checkpointer.checkpoint();
    expect(second.log).toBeLessThanOrEqual(2); // the new row's pages only: the WAL began again
    expect(rowsInFileAlone(file, 'pages', dir)).toBe(rows + 1);
    await checkpointer.close();
  });

  it('reports a database it cannot open as a failure, and closes', async () => {
    const checkpointer = new WalCheckpointer(path.join(dir, 'missing.db'), {
      onFailure: () => {},
    });
    await expect(checkpointer.checkpoint()).rejects.toThrow();
    await checkpointer.close();
    await expect(checkpointer.checkpoint()).rejects.toThrow(/closed/);
  });
});
