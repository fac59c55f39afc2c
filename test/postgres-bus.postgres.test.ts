import type pg from 'pg';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { PostgresConnection } from '../src/server/db/connection.js';
import { openPostgres } from '../src/server/db/postgres/open.js';
import type { LiveBus, NoteChange } from '../src/server/live/live-bus.js';
import { createPostgresBus, NOTE_CHANGES_CHANNEL } from '../src/server/live/postgres-bus.js';
import { connectTo } from './helpers/postgres-client.js';
import { createPostgresDatabase, type TestDatabase } from './helpers/test-database.js';

let database: TestDatabase;
let opened: PostgresConnection;
let bus: LiveBus;
/** The bus's listening connection; it cannot open another (the server went away, say). */
let listening: pg.Client;
let watcher: pg.Client;

beforeEach(async () => {
  database = await createPostgresDatabase();
  opened = await openPostgres(database.url);
  const clients: pg.Client[] = [];
  bus = await createPostgresBus({
    db: opened.db,
    newClient(name) {
      if (clients.length > 0) throw new Error('cannot connect');
      clients.push(opened.newClient(name));
      return clients[0] as pg.Client;
    },
    reconnectDelayMs: { first: 20, max: 100 },
  });
  listening = clients[0] as pg.Client;
  watcher = await connectTo(database.url, NOTE_CHANGES_CHANNEL);
});
afterEach(async () => {
  await watcher.end();
  await bus.close();
  await opened.close();
  await database.drop();
});

const note = {
  id: 'a-note',
  body: 'while nothing listens',
  timeCreated: 1,
  timeLastModified: 2,
  revision: 3,
};

it('tells the other instances and its own sockets of a change while it cannot listen', async () => {
  const heard = new Promise<NoteChange>((resolve) => bus.subscribe({ onChange: resolve }));
  const sent = new Promise<string | undefined>((resolve) =>
    watcher.on('notification', (message) => resolve(message.payload)),
  );
  const lost = new Promise((resolve) => listening.once('end', resolve));
  await listening.end(); // as a dropped connection would
  await lost;

  const made: NoteChange = { userId: 'someone', event: 'update', note };
  await bus.publish(made);
  expect(JSON.parse((await sent) ?? '')).toMatchObject({ event: 'update', note });
  expect(await heard).toEqual(made); // not held for an echo that cannot come
});
