import { sql } from 'kysely';
import type { Db } from '../db/database.js';

interface Waiting {
  payload: string;
  sent: () => void;
  failed: (error: unknown) => void;
}

/**
 * Sends notifications on `channel`, those published while one is under way together in one
 * statement: under load, a save's notification costs PostgreSQL a round trip and a transaction
 * only now and then. They are sent, and delivered, in the order published; each promise
 * resolves once its notification is committed.
 */
export function batchedNotify(db: Db, channel: string): (payload: string) => Promise<void> {
  let waiting: Waiting[] = [];
  let sending = false;

  const send = async () => {
    sending = true;
    while (waiting.length > 0) {
      const batch = waiting;
      waiting = [];
      const payloads = batch.map((entry) => entry.payload);
      try {
        // A function scan yields the array in order, and each row notifies as it is produced.
        await sql`select pg_notify(${channel}, payload)
          from unnest(${payloads}::text[]) as payload`.execute(db);
        for (const entry of batch) entry.sent();
      } catch (error) {
        for (const entry of batch) entry.failed(error);
      }
    }
    sending = false;
  };

  return (payload) =>
    new Promise<void>((sent, failed) => {
      waiting.push({ payload, sent, failed });
      if (!sending) void send();
    });
}
