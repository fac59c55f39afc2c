import type pg from 'pg';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { PostgresConnection } from '../src/server/db/connection.js';
import { openPostgres } from '../src/server/db/postgres/open.js';
import { batchedNotify, noticesThroughPool } from '../src/server/live/batched-notify.js';
import { connectTo } from './helpers/postgres-client.js';
import { createPostgresDatabase, type TestDatabase } from './helpers/test-database.js';

const CHANNEL = 'quire_batch_test';
let database: TestDatabase;
let opened: PostgresConnection;
let listener: pg.Client;

beforeEach(async () => {
  database = await createPostgresDatabase();
  opened = await openPostgres(database.url);
  listener = await connectTo(database.url, CHANNEL);
});
afterEach(async () => {
  await listener.end();
  await opened.close();
  await database.drop();
});

it('delivers every notification published at once, once each and in the order published', async () => {
  const count = 200;
  const received: string[] = [];
  const all = new Promise<void>((resolve) => {
    listener.on('notification', (message) => {
      received.push(message.payload ?? '');
      if (received.length === count) resolve();
    });
  });
  const notify = batchedNotify(noticesThroughPool(opened.db), CHANNEL);
  const payloads = Array.from({ length: count }, (_, n) => JSON.stringify({ n, text: `"é'\\` }));
  await Promise.all(payloads.map((payload) => notify(payload)));
  await all;
  expect(received).toEqual(payloads);
});

it('rejects a notification PostgreSQL refuses, and goes on sending the next', async () => {
  const notify = batchedNotify(noticesThroughPool(opened.db), CHANNEL);
  await expect(notify('x'.repeat(9000))).rejects.toThrow(/payload string too long/);
  const next = new Promise<string | undefined>((resolve) =>
    listener.on('notification', (message) => {
      if (message.payload === 'after') resolve(message.payload);
    }),
  );
  await notify('after');
  expect(await next).toBe('after');
});
