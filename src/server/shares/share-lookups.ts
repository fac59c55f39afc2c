import type { Db } from '../db/schema.js';
import { endsSession, type LiveBus } from '../live/live-bus.js';
import { RecentLookups, type RecentLookupsOptions } from '../live/recent-lookups.js';
import { findOpenShare, type OpenShare } from './share-repository.js';
import { hashShareToken, isShareToken } from './share-token.js';

/** Notes whose links are kept, past which the record of them starts again. */
const MOST_NOTES_KEPT = 10_000;

/**
 * Links recently found by their token, so a page read over and over is not looked up in the
 * database every time. A link is forgotten as soon as the live bus says it was revoked or
 * changed (announced as its sessions' end) or its note changed (a new revision, the trash),
 * and after a few seconds in any case; expiry is checked on every read.
 *
 * Only a database that tells of other processes' writes (`writesElsewhere`) has links kept: on
 * one shared by several instances, another's save arrives through the bus some milliseconds
 * after its answer, and a page opened in between must already show it.
 */
export class ShareLookups {
  private readonly recent?: RecentLookups<OpenShare>;
  /** Notes with a link kept: a save of any other note forgets nothing, it only outdates reads. */
  private readonly notesKept = new Set<string>();
  private readonly unsubscribe: () => void;

  constructor(
    private readonly db: Db,
    bus: LiveBus,
    options: RecentLookupsOptions = {},
  ) {
    const recent = options.writesElsewhere ? new RecentLookups<OpenShare>(options) : undefined;
    this.recent = recent;
    this.unsubscribe = !recent
      ? () => {}
      : bus.subscribe({
          onChange: (change) => {
            const noteId = change.event === 'update' ? change.note.id : change.noteId;
            // A link being read now may be this note's, read before the save.
            if (!this.notesKept.delete(noteId)) recent.outdateLookups();
            else recent.forgetWhere((share) => share.noteId === noteId);
          },
          onSessionsEnded: (ended) =>
            recent.forgetWhere(
              (share) => share.userId === ended.userId && endsSession(ended, share.id),
            ),
          onResync: () => recent.clear(),
        });
  }

  /**
   * The link a token names, if it is open at `now`. `fresh` reads it from the database whatever
   * is kept: a page's stream checks again because something changed.
   */
  async find(token: string, now: number, fresh = false): Promise<OpenShare | undefined> {
    if (!isShareToken(token)) return undefined;
    const tokenHash = hashShareToken(token);
    const { recent } = this;
    if (!recent) return findOpenShare(this.db, tokenHash, now);
    const kept = fresh ? undefined : recent.get(tokenHash);
    if (kept) return kept.timeExpires === null || kept.timeExpires > now ? kept : undefined;
    const since = recent.lookup();
    const share = await findOpenShare(this.db, tokenHash, now);
    if (share) {
      if (this.notesKept.size >= MOST_NOTES_KEPT) {
        recent.clear();
        this.notesKept.clear();
      }
      if (share.noteId !== null) this.notesKept.add(share.noteId);
      recent.keep(tokenHash, share, since);
    }
    return share;
  }

  close(): void {
    this.unsubscribe();
  }
}
