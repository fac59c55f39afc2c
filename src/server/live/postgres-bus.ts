import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import type pg from 'pg';
import { fromBase64, toBase64 } from '../../shared/base64.js';
import type { Note } from '../../shared/note.js';
import { NOTE_FIELD_TYPES, NOTE_FIELDS } from '../../shared/note-fields.js';
import { connectionFailureReason, DatabaseUnavailableError } from '../db/postgres-connection.js';
import type { Db } from '../db/schema.js';
import { findNote } from '../notes/note-repository.js';
import { readUpdates } from '../sync/document-log.js';
import {
  batchedNotify,
  NOTIFY_EACH,
  noticesThroughPool,
  type SendNotices,
} from './batched-notify.js';
import type {
  BusLog,
  LiveBus,
  LiveBusListener,
  NoteChange,
  Presence,
  SessionsEnded,
} from './live-bus.js';
import { OwnChanges } from './own-changes.js';
import { PRESENCE_CHANNEL, parsePresence } from './presence-notice.js';
import { parseSessionsEnded, SESSION_ENDS_CHANNEL } from './session-end-notice.js';

export const NOTE_CHANGES_CHANNEL = 'quire_note_changes';
const LISTENER_NAME = 'quire live listener';
const NOTIFY_STATEMENT = 'quire_notify_each';

/**
 * What a notification carries: the changed note itself when it fits in NOTIFY's payload (under
 * 8000 bytes), so no instance reads it again; otherwise its id, and each instance reads it once.
 */
interface ChangeNotice {
  /**
   * The instance that made the change and the notice's number among its own, first in the
   * payload: that instance hands the change to its sockets when the notice comes back.
   */
  sender?: string;
  seq?: number;
  userId: string;
  event: 'update' | 'delete';
  noteId: string;
  origin?: string;
  note?: Note;
  /** The change's document update (base64), when it fits beside the note. */
  update?: string;
  /** The change made a document update that did not fit: each instance reads it from the log. */
  logged?: boolean;
}

/** NOTIFY refuses payloads of 8000 bytes and more. */
const MAX_PAYLOAD_BYTES = 7_999;

export interface PostgresBusOptions {
  db: Db;
  /** A new, unconnected client outside the pool. */
  newClient(applicationName: string): pg.Client;
  log?: BusLog;
  /** Pauses between attempts to listen again after the connection broke. */
  reconnectDelayMs?: { first: number; max: number };
  /** How often the listening connection is checked, so a silently dead one is noticed. */
  heartbeatMs?: number;
}

/** A note as the notifying instance sent it, or undefined if it is not one. */
function noteIn(value: unknown, noteId: string): Note | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const note = value as Record<string, unknown>;
  const valid =
    note.id === noteId &&
    NOTE_FIELDS.every((field) =>
      NOTE_FIELD_TYPES[field] === 'number'
        ? Number.isSafeInteger(note[field])
        : typeof note[field] === NOTE_FIELD_TYPES[field],
    );
  return valid ? (value as Note) : undefined;
}

function parseNotice(payload: string | undefined): ChangeNotice | undefined {
  try {
    const parsed = JSON.parse(payload ?? '') as Partial<ChangeNotice>;
    const { userId, event, noteId, origin, update, logged } = parsed;
    if (typeof userId !== 'string' || typeof noteId !== 'string') return undefined;
    const from = typeof origin === 'string' ? origin : undefined;
    const note = noteIn(parsed.note, noteId);
    return event === 'update' || event === 'delete'
      ? {
          userId,
          event,
          noteId,
          origin: from,
          note,
          update: typeof update === 'string' ? update : undefined,
          logged: logged === true,
        }
      : undefined;
  } catch {
    return undefined;
  }
}

const SILENT: BusLog = { info() {}, warn() {} };

/**
 * Live events across instances over PostgreSQL LISTEN/NOTIFY. `publish` hands a change to
 * every instance, this one included, through a notification; each takes the changed note from
 * the notification (or reads it once, when it was too large to send) and hands it to its
 * listeners, in the order the notifications arrived, which is the order they were committed
 * (this instance's own changes it holds until then, and never reads back: see OwnChanges). If
 * the listening connection breaks, the bus listens again (with backoff) and then asks every
 * listener to resync, since notifications sent meanwhile are gone.
 */
export async function createPostgresBus(options: PostgresBusOptions): Promise<LiveBus> {
  const { db, newClient } = options;
  const log = options.log ?? SILENT;
  const delays = options.reconnectDelayMs ?? { first: 100, max: 5_000 };
  const listeners = new Set<LiveBusListener>();
  let client: pg.Client | undefined;
  let closed = false;
  let delivery: Promise<void> = Promise.resolve();
  const throughPool = noticesThroughPool(db);
  // Sent on the listening connection, this instance's own notifications come back with the
  // statement's answer, in their place among the others: no second backend passes them on.
  const sendNotices: SendNotices = async (channel, payloads) => {
    const listening = client;
    if (!listening) {
      await throughPool(channel, payloads);
      // No echo can come while nothing listens: this instance's own changes are due now.
      if (!client) own.releaseAll();
      return;
    }
    await listening.query({
      name: NOTIFY_STATEMENT,
      text: NOTIFY_EACH,
      values: [channel, payloads],
    });
  };
  const notifyChange = batchedNotify(sendNotices, NOTE_CHANGES_CHANNEL);
  // This instance knows its own notifications by their first bytes, followed by their number.
  const sender = randomUUID();
  const ownNotice = `{"sender":"${sender}","seq":`;

  const endedHere = (ended: SessionsEnded) => {
    for (const listener of listeners) listener.onSessionsEnded?.(ended);
  };
  const emit = (change: NoteChange) => {
    for (const listener of listeners) listener.onChange?.(change);
  };
  const own = new OwnChanges((change) => {
    delivery = delivery
      .then(() => emit(change))
      .catch((error: unknown) => log.warn({ err: error }, 'a change could not be delivered'));
  });
  // In turn with deliveries, so nothing read before the gap arrives after clients refetched.
  const resync = () => {
    delivery = delivery.then(() => {
      for (const listener of listeners) listener.onResync?.();
    });
  };

  const receive = (notice: ChangeNotice) => {
    // Reads start at once and run side by side; delivery waits its turn, so order holds.
    const read = notice.event === 'update' ? readChange(notice) : undefined;
    read?.catch(() => {}); // handled below, in turn
    delivery = delivery.then(async () => {
      if (notice.event === 'delete') {
        emit({
          userId: notice.userId,
          origin: notice.origin,
          event: 'delete',
          noteId: notice.noteId,
        });
        return;
      }
      try {
        const changed = await read;
        // Deleted before it could be read: its delete notification follows.
        if (changed) {
          const { note, update } = changed;
          emit({ userId: notice.userId, origin: notice.origin, event: 'update', note, update });
        }
      } catch (error) {
        log.warn({ err: error }, 'live bus could not read a changed note: clients resync');
        for (const listener of listeners) listener.onResync?.();
      }
    });
  };

  /**
   * The changed note and its document update, from the notice or, when they did not fit, from
   * the database: a note read then may be newer than the change; it comes with its own update.
   */
  const readChange = async (
    notice: ChangeNotice,
  ): Promise<{ note: Note; update?: Uint8Array } | undefined> => {
    const note = notice.note ?? (await findNote(db, notice.userId, notice.noteId));
    if (!note) return undefined;
    if (notice.update !== undefined && notice.note) {
      return { note, update: fromBase64(notice.update) };
    }
    if (!notice.logged) return { note };
    const [update] = (await readUpdates(db, note.id, note.revision - 1, note.revision)) ?? [];
    return { note, update };
  };

  const listen = async (): Promise<pg.Client> => {
    const fresh = newClient(LISTENER_NAME);
    fresh.on('error', (error) => connectionLost(fresh, error));
    fresh.on('end', () => connectionLost(fresh));
    fresh.on('notification', (message) => {
      if (client !== fresh) return;
      if (message.channel === SESSION_ENDS_CHANNEL) {
        const ended = parseSessionsEnded(message.payload);
        // At once, not in turn with note reads: a revoked socket must stop before its next event.
        if (ended) endedHere(ended);
        return;
      }
      if (message.channel === PRESENCE_CHANNEL) {
        const presence = parsePresence(message.payload);
        if (presence) for (const listener of listeners) listener.onPresence?.(presence);
        return;
      }
      if (message.payload?.startsWith(ownNotice)) {
        own.echoed(Number.parseInt(message.payload.slice(ownNotice.length), 10));
        return;
      }
      const notice = message.channel === NOTE_CHANGES_CHANNEL && parseNotice(message.payload);
      if (notice) receive(notice);
    });
    try {
      await fresh.connect();
      await fresh.query(`LISTEN ${NOTE_CHANGES_CHANNEL}`);
      await fresh.query(`LISTEN ${SESSION_ENDS_CHANNEL}`);
      await fresh.query(`LISTEN ${PRESENCE_CHANNEL}`);
    } catch (error) {
      await fresh.end().catch(() => {});
      throw error;
    }
    return fresh;
  };

  const listenAgain = async () => {
    for (let attempt = 0, pause = delays.first; !closed; attempt += 1) {
      await sleep(pause);
      if (closed) return;
      try {
        const fresh = await listen();
        if (closed) {
          await fresh.end().catch(() => {});
          return;
        }
        client = fresh;
        own.releaseAll(); // those published while no one listened never come back
        log.info({ attempt: attempt + 1 }, 'live bus is listening again: clients resync');
        resync();
        return;
      } catch (error) {
        log.warn({ err: error }, 'live bus could not listen again yet');
        pause = Math.min(pause * 2, delays.max);
      }
    }
  };

  function connectionLost(lost: pg.Client, error?: Error): void {
    if (client !== lost || closed) return;
    client = undefined;
    own.releaseAll();
    log.warn({ err: error }, 'live bus lost its PostgreSQL connection: listening again');
    lost.end().catch(() => {});
    void listenAgain();
  }

  try {
    client = await listen();
  } catch (error) {
    throw new DatabaseUnavailableError(
      `cannot listen for live events on PostgreSQL: ${connectionFailureReason(error)}`,
    );
  }
  const heartbeat = setInterval(() => {
    const current = client;
    current?.query('select 1').catch((error: Error) => connectionLost(current, error));
  }, options.heartbeatMs ?? 30_000);
  heartbeat.unref();

  return {
    async publish(change: NoteChange) {
      const seq = own.hold(change);
      const notice: ChangeNotice = {
        sender,
        seq,
        userId: change.userId,
        event: change.event,
        noteId: change.event === 'update' ? change.note.id : change.noteId,
        origin: change.origin,
      };
      // As much as fits: the note and its update, the note alone, or neither.
      const logged = change.event === 'update' && change.update !== undefined;
      const candidates: ChangeNotice[] =
        change.event === 'update'
          ? [
              ...(change.update
                ? [{ ...notice, note: change.note, update: toBase64(change.update) }]
                : []),
              { ...notice, note: change.note, logged },
              { ...notice, logged },
            ]
          : [notice];
      const payloads = candidates.map((candidate) => JSON.stringify(candidate));
      const payload =
        payloads.find((fits) => Buffer.byteLength(fits) <= MAX_PAYLOAD_BYTES) ??
        (payloads.at(-1) as string);
      try {
        await notifyChange(payload);
      } catch (error) {
        own.unsent(seq); // this instance's sockets still get it
        throw error;
      }
    },
    // Through the database to every instance, this one included; a lost one is renewed soon.
    async publishPresence(presence: Presence) {
      await sql`select pg_notify(${PRESENCE_CHANNEL}, ${JSON.stringify(presence)})`.execute(db);
    },
    // Here at once, so this instance refuses the sessions before it answers; the notification
    // brings them to the others (and back here, where forgetting them again changes nothing).
    async endSessions(ended: SessionsEnded) {
      endedHere(ended);
      await notifySessionsEnded(db, ended);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      closed = true;
      clearInterval(heartbeat);
      const current = client;
      client = undefined;
      await current?.end().catch(() => {});
      await delivery; // reads in flight finish before the pool they use is closed
      listeners.clear();
    },
  };
}

/** Tells every instance listening on this database that sessions ended (the CLI uses it too). */
export async function notifySessionsEnded(db: Db, ended: SessionsEnded): Promise<void> {
  await sql`select pg_notify(${SESSION_ENDS_CHANNEL}, ${JSON.stringify(ended)})`.execute(db);
}
