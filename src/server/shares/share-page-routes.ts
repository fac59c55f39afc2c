import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { MAX_PASSWORD_LENGTH } from '../../shared/account-limits.js';
import type { Note } from '../../shared/note.js';
import { plainTitle } from '../../shared/note-display.js';
import { type SharedNote, shareAddress } from '../../shared/shares.js';
import type { LoginThrottle } from '../accounts/login-throttle.js';
import { verifyPassword } from '../accounts/password-hash.js';
import type { AttachmentBlobs } from '../attachments/attachment-blobs.js';
import { attachmentPath } from '../attachments/attachment-id.js';
import { sendAttachment } from '../attachments/send-attachment.js';
import type { Db } from '../db/schema.js';
import { notFound, wrongPassword } from '../domain-errors.js';
import { NoContent } from '../http/schemas/no-content.js';
import type { LiveBus } from '../live/live-bus.js';
import { findNote } from '../notes/note-repository.js';
import { ShareLookups } from './share-lookups.js';
import {
  GONE_BODY,
  LOCKED_BODY,
  type SharePageParts,
  sharedNoteBody,
  sharedTagBody,
  sharePageFrame,
} from './share-page.js';
import type { OpenShare } from './share-repository.js';
import { ShareStreams } from './share-streams.js';
import { isUnlockProof, unlockProof } from './share-token.js';
import type { ShareViews } from './share-views.js';
import {
  carriesSharedTag,
  linksWithinShare,
  notesOfSharedTag,
  type SharedTag,
} from './shared-tag.js';

export interface SharePageOptions {
  db: Db;
  bus: LiveBus;
  clock: () => number;
  views: ShareViews;
  /** Wrong passwords a minute per link and client network, as for accounts. */
  throttle: LoginThrottle;
  /** Where attachments are kept; none when ATTACHMENTS=false. */
  blobs?: AttachmentBlobs;
  webClientDir: string;
  /** Requests a minute per client address to every share path together; 0: no limit. */
  requestsPerMinute: number;
  /** Changes whenever another process wrote to the database (SQLite): kept links are read again. */
  writesElsewhere?: () => number;
}

/** Filled pages of note links kept in memory at most; the least recently read go first. */
const FILLED_PAGES_BYTES = 16 * 1024 * 1024;

/** The cookie that says this browser gave a link's password; one per link, by its path. */
const UNLOCK_COOKIE = 'quire_share';

const TOKEN = Type.String({ maxLength: 64 });
const TokenParams = Type.Object({ token: TOKEN });
/** A tag's link shows each of its notes at a path of its own under the link's. */
const NoteParams = Type.Object({ token: TOKEN, noteId: TOKEN });
/** The link, and for a tag's link the note of it that the page shows. */
const PageParams = Type.Object({ token: TOKEN, noteId: Type.Optional(TOKEN) });
const FileParams = Type.Object({ token: TOKEN, noteId: Type.Optional(TOKEN), id: TOKEN });
const UnlockRequest = Type.Object(
  { password: Type.String({ maxLength: MAX_PASSWORD_LENGTH }) },
  { additionalProperties: false },
);

/** A shared file may change under its id no more than an attachment does, but the link may go. */
const FILE_CACHE_CONTROL = 'private, no-cache';

function cookiesNamed(header: string | undefined, name: string): string[] {
  const values: string[] = [];
  for (const part of header?.split(';') ?? []) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) values.push(value.join('='));
  }
  return values;
}

const sharedNoteOf = ({ body, revision, timeLastModified }: SharedNote): SharedNote => ({
  body,
  revision,
  timeLastModified,
});

const sharedTagOf = (share: OpenShare & { noteId: null }): SharedTag => ({
  userId: share.userId,
  tag: share.tag,
  nestedTags: share.nestedTags,
});

/**
 * The reader's side of share links, outside /api: the page `/s/{token}` (a tag's link lists its
 * notes there, each shown at `/s/{token}/notes/{id}`), its password, its stream of changes and
 * the files its notes show. A link revoked, expired or whose note left the list answers 404 like
 * one that never was; nothing here tells who shared it.
 */
export function registerSharePages(app: FastifyInstance, options: SharePageOptions): void {
  const { db, bus, clock, views, throttle, blobs } = options;
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const frame = sharePageFrame(options.webClientDir);
  const streams = new ShareStreams(bus);
  const links = new ShareLookups(db, bus, { writesElsewhere: options.writesElsewhere });
  app.addHook('preClose', (done) => {
    streams.close();
    links.close();
    done();
  });
  const config: FastifyContextConfig =
    options.requestsPerMinute > 0
      ? {
          rateLimit: {
            max: options.requestsPerMinute,
            keyGenerator: (request: FastifyRequest) => `share\n${request.ip}`,
          },
        }
      : {};

  const openShare = (token: string, fresh = false) => links.find(token, clock(), fresh);
  const unlocked = (request: FastifyRequest, token: string, share: OpenShare) =>
    share.passwordHash === null ||
    cookiesNamed(request.headers.cookie, UNLOCK_COOKIE).some((proof) =>
      isUnlockProof(proof, token, share.passwordHash as string),
    );
  /**
   * The note a link shows at a page: a note's link its note, at the link's own path; a tag's
   * link each listed note carrying the tag, at `notes/{id}` under it.
   */
  const noteOf = async (share: OpenShare, noteId: string | undefined) => {
    if (share.noteId !== null) {
      return noteId === undefined ? findNote(db, share.userId, share.noteId) : undefined;
    }
    const note = noteId === undefined ? undefined : await findNote(db, share.userId, noteId);
    return note && carriesSharedTag(note.body, sharedTagOf(share)) ? note : undefined;
  };
  /** The link's note for this request, or 404 for a link that does not show it to this reader. */
  const readable = async (request: FastifyRequest, token: string, noteId: string | undefined) => {
    const share = await openShare(token);
    const note = share && unlocked(request, token, share) && (await noteOf(share, noteId));
    if (!share || !note) throw notFound('No such link');
    return { share, note };
  };
  const send = (reply: FastifyReply, status: number, indexable: boolean, html: string | Buffer) =>
    reply
      .code(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('x-robots-tag', indexable ? 'all' : 'noindex, nofollow')
      .send(html);
  const page = (reply: FastifyReply, status: number, parts: SharePageParts) =>
    send(reply, status, parts.indexable, frame(parts));
  /** A note's link's page as made for one revision of its note, ready to send again. */
  const notePages = new LRUCache<string, Buffer>({
    maxSize: FILLED_PAGES_BYTES,
    sizeCalculation: (filled) => filled.length,
  });
  const notePageKey = (share: OpenShare, revision: number | null) =>
    `${share.id}\n${revision}\n${share.allowSearchEngines}`;
  const GONE = { title: 'Link not found', indexable: false, body: GONE_BODY };
  const LOCKED = { title: 'Protected note', indexable: false, body: LOCKED_BODY };
  /** The link of a page, once it may be shown to this reader; otherwise the page that says why. */
  const openPage = async (request: FastifyRequest, reply: FastifyReply, token: string) => {
    const share = await openShare(token);
    if (!share) return void page(reply, 404, GONE);
    if (!unlocked(request, token, share)) return void page(reply, 401, LOCKED);
    return share;
  };
  const notePage = async (reply: FastifyReply, share: OpenShare, note: Note, body: string) => {
    views.record(share.id, clock());
    const title = plainTitle(note.body);
    return page(reply, 200, { title, indexable: share.allowSearchEngines, body });
  };

  // A note's link shows its note; a tag's link the list of its notes.
  api.get('/s/:token', { schema: { params: TokenParams }, config }, async (request, reply) => {
    const { token } = request.params;
    const share = await openPage(request, reply, token);
    if (!share) return reply;
    if (share.noteId === null) {
      const notes = await notesOfSharedTag(db, sharedTagOf(share));
      views.record(share.id, clock());
      const title = `#${share.tag}`;
      const body = sharedTagBody(shareAddress(token), title, notes);
      return page(reply, 200, { title, indexable: share.allowSearchEngines, body });
    }
    let filled = notePages.get(notePageKey(share, share.noteRevision));
    if (!filled) {
      const note = await noteOf(share, undefined);
      if (!note) return page(reply, 404, GONE);
      const title = plainTitle(note.body);
      const body = sharedNoteBody(sharedNoteOf(note));
      filled = Buffer.from(frame({ title, indexable: share.allowSearchEngines, body }));
      notePages.set(notePageKey(share, note.revision), filled);
    }
    views.record(share.id, clock());
    return send(reply, 200, share.allowSearchEngines, filled);
  });

  // A note of a tag's link, its links to the link's other notes opening them within it.
  api.get(
    '/s/:token/notes/:noteId',
    { schema: { params: NoteParams }, config },
    async (request, reply) => {
      const { token, noteId } = request.params;
      const share = await openPage(request, reply, token);
      if (!share) return reply;
      const note = await noteOf(share, noteId);
      if (!note || share.noteId !== null) return page(reply, 404, GONE);
      const notes = await notesOfSharedTag(db, sharedTagOf(share));
      const links = await linksWithinShare(db, share.userId, notes);
      const list = { path: shareAddress(token), title: `#${share.tag}` };
      return notePage(reply, share, note, sharedNoteBody({ ...sharedNoteOf(note), links }, list));
    },
  );

  // The password proves itself once; a cookie for this link's path alone carries the proof.
  api.post(
    '/s/:token/unlock',
    { schema: { params: TokenParams, body: UnlockRequest, response: { 204: NoContent } }, config },
    async (request, reply) => {
      const { token } = request.params;
      const share = await openShare(token);
      if (!share) throw notFound('No such link');
      if (share.passwordHash === null) return reply.code(204).send(null);
      throttle.check(share.id, request.ip);
      if (!(await verifyPassword(request.body.password, share.passwordHash))) {
        throttle.recordFailure(share.id, request.ip);
        throw wrongPassword();
      }
      throttle.recordSuccess(share.id, request.ip);
      const cookie = [
        `${UNLOCK_COOKIE}=${unlockProof(token, share.passwordHash)}`,
        `Path=/s/${token}`,
        'HttpOnly',
        'SameSite=Strict',
        ...(request.protocol === 'https' ? ['Secure'] : []),
      ].join('; ');
      return reply.header('set-cookie', cookie).code(204).send(null);
    },
  );

  // Server-sent events: the note each time it is saved, and `gone` when the link stops showing it.
  for (const url of ['/s/:token/events', '/s/:token/notes/:noteId/events']) {
    api.get(
      url,
      { schema: { params: PageParams }, config, compress: false },
      async (request, reply) => {
        const { token, noteId } = request.params;
        const { share, note } = await readable(request, token, noteId);
        const recheck = async () => {
          const again = await openShare(token, true);
          if (!again || again.id !== share.id || !unlocked(request, token, again)) return undefined;
          const current = await noteOf(again, noteId);
          return current && sharedNoteOf(current);
        };
        const tag = share.noteId === null ? sharedTagOf(share) : undefined;
        const timeLeftMs = share.timeExpires === null ? null : (share.timeExpires - clock()) * 1000;
        const stream = streams.open(
          {
            shareId: share.id,
            userId: share.userId,
            noteId: note.id,
            recheck,
            // A note that no longer carries the shared tag leaves the link at once.
            shows: (body) => tag === undefined || carriesSharedTag(body, tag),
          },
          sharedNoteOf(note),
          timeLeftMs,
          request.raw.socket,
        );
        return reply
          .type('text/event-stream; charset=utf-8')
          .header('cache-control', 'no-store')
          .header('x-accel-buffering', 'no')
          .send(stream);
      },
    );
  }

  if (!blobs) return;
  // Only the files the note refers to, and only while the link shows it.
  for (const url of ['/s/:token/files/:id', '/s/:token/notes/:noteId/files/:id']) {
    api.route({
      method: ['GET', 'HEAD'],
      url,
      schema: { params: FileParams },
      config,
      compress: false,
      handler: async (request, reply) => {
        const { token, noteId, id } = request.params;
        const { share, note } = await readable(request, token, noteId);
        if (!note.body.includes(attachmentPath(id))) throw notFound('No such file in this note');
        return sendAttachment(request, reply, {
          db,
          blobs,
          userId: share.userId,
          id,
          cacheControl: FILE_CACHE_CONTROL,
        });
      },
    });
  }
}
