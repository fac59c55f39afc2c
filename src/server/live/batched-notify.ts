import { CompiledQuery } from 'kysely';
import type { Db } from '../db/schema.js';

/** Sends notifications on a channel, in the order given, in one statement. */
export type SendNotices = (channel: string, payloads: string[]) => Promise<void>;

/** A function scan yields the array in order, and each row notifies as it is produced. */
export const NOTIFY_EACH = 'select pg_notify($1, payload) from unnest($2::text[]) as payload';

/** Sends through the pool: any connection will do. */
export function noticesThroughPool(db: Db): SendNotices {
  return async (channel, payloads) => {
    await db.executeQuery(CompiledQuery.raw(NOTIFY_EACH, [channel, payloads]));
  };
}

interface Waiting {
  payload: string;
  sent: () => void;
  failed: (error: unknown) => void;
}

/**
 * Sends notifications on `channel`, those published while one is under way together in one
 * statement: under load, a save's notification costs PostgreSQL a round trip and a transaction
 * only now and then. They are sent, and delivered, in the order published; each promise
 * resolves once its notification is committed. They are sent after the save's commit, never in
 * its transaction: PostgreSQL holds one lock across the commit of every transaction that
 * notifies, which would queue all saves behind each other's disk flush (measured: bench/RESULTS.md).
 */
export function batchedNotify(
  send: SendNotices,
  channel: string,
): (payload: string) => Promise<void> {
  let waiting: Waiting[] = [];
  let sending = false;

  const sendAll = async () => {
    sending = true;
    while (waiting.length > 0) {
      const batch = waiting;
      waiting = [];
      try {
        await send(
          channel,
          batch.map((entry) => entry.payload),
        );
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
      if (!sending) void sendAll();
    });
}
