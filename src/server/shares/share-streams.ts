import { PassThrough } from 'node:stream';
import { SHARE_EVENT_GONE, SHARE_EVENT_NOTE, type SharedNote } from '../../shared/shares.js';
import { endsSession, type LiveBus } from '../live/live-bus.js';

/** One open share page's stream of server-sent events. */
export interface ShareStreamOf {
  shareId: string;
  userId: string;
  noteId: string;
  /** Reads the link again: the note as it is now, or undefined when the page may not show it. */
  recheck(): Promise<SharedNote | undefined>;
  /** Whether the link still shows the note with this text (a tag's link: it carries the tag). */
  shows(body: string): boolean;
}

interface ShareStream extends ShareStreamOf {
  response: PassThrough;
}

/** The connection a stream goes out on, closed with it when the server shuts down. */
interface Connection {
  destroySoon(): void;
}

/** A comment line now and then keeps proxies and the server's own idle timeout from closing it. */
const KEEP_ALIVE_MS = 25_000;
/** A page not reading what it is sent is dropped past this, rather than held in memory. */
const MOST_BUFFERED_BYTES = 4 * 1024 * 1024;

/** Node runs no timer further off than this; a page open longer is checked then. */
const LONGEST_TIMER_MS = 2_147_483_647;

const event = (name: string, data: unknown) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * Every open share page of this instance, fed by the live bus: a saved change of a shared note
 * goes to its pages at once; a revoked, changed, expired or trashed link (from any instance)
 * has its pages read it again, and told `gone` when it no longer shows the note.
 */
export class ShareStreams {
  private readonly byNote = new Map<string, Set<ShareStream>>();
  private readonly unsubscribe: () => void;
  private readonly keepAlive: NodeJS.Timeout;
  private readonly connections = new WeakMap<ShareStream, Connection>();

  constructor(bus: LiveBus) {
    this.unsubscribe = bus.subscribe({
      onChange: (change) => {
        const noteId = change.event === 'update' ? change.note.id : change.noteId;
        const streams = this.byNote.get(noteId);
        if (!streams) return;
        for (const stream of streams) {
          if (change.event === 'update' && stream.shows(change.note.body)) {
            const { body, revision, timeLastModified } = change.note;
            this.send(stream, event(SHARE_EVENT_NOTE, { body, revision, timeLastModified }));
          } else this.end(stream);
        }
      },
      onSessionsEnded: (ended) => {
        for (const stream of this.all()) {
          if (stream.userId === ended.userId && endsSession(ended, stream.shareId)) {
            void this.check(stream);
          }
        }
      },
      // Changes may have been missed: every page reads its note again.
      onResync: () => {
        for (const stream of this.all()) void this.check(stream);
      },
    });
    this.keepAlive = setInterval(() => {
      for (const stream of this.all()) this.send(stream, ': still here\n\n');
    }, KEEP_ALIVE_MS);
    this.keepAlive.unref();
  }

  /**
   * Starts a page's stream, to be sent as the answer; it ends when the page goes, or the link
   * stops showing the note.
   */
  open(
    of: ShareStreamOf,
    note: SharedNote,
    timeLeftMs: number | null,
    connection: Connection,
  ): PassThrough {
    const stream: ShareStream = { ...of, response: new PassThrough() };
    this.connections.set(stream, connection);
    const streams = this.byNote.get(stream.noteId) ?? new Set();
    this.byNote.set(stream.noteId, streams.add(stream));
    // Expiry is checked when it comes, against the server's clock.
    const expiry =
      timeLeftMs === null
        ? undefined
        : setTimeout(() => void this.check(stream), Math.min(timeLeftMs, LONGEST_TIMER_MS));
    stream.response.on('close', () => {
      clearTimeout(expiry);
      this.forget(stream);
    });
    this.send(stream, event(SHARE_EVENT_NOTE, note));
    return stream.response;
  }

  /** Ends every stream: the server is shutting down. */
  close(): void {
    this.unsubscribe();
    clearInterval(this.keepAlive);
    // The pages reconnect by themselves, to this instance's successor or another.
    for (const stream of this.all()) {
      stream.response.end();
      this.connections.get(stream)?.destroySoon();
    }
  }

  private *all(): Generator<ShareStream> {
    for (const streams of [...this.byNote.values()]) yield* [...streams];
  }

  private async check(stream: ShareStream): Promise<void> {
    const note = await stream.recheck().catch(() => undefined);
    if (note) this.send(stream, event(SHARE_EVENT_NOTE, note));
    else this.end(stream);
  }

  private end(stream: ShareStream): void {
    this.send(stream, event(SHARE_EVENT_GONE, null));
    stream.response.end();
    this.forget(stream);
  }

  private send(stream: ShareStream, text: string): void {
    const { response } = stream;
    if (response.writableEnded || response.destroyed) return;
    if (response.writableLength > MOST_BUFFERED_BYTES) response.destroy();
    else response.write(text);
  }

  private forget(stream: ShareStream): void {
    const streams = this.byNote.get(stream.noteId);
    streams?.delete(stream);
    if (streams?.size === 0) this.byNote.delete(stream.noteId);
  }
}
