import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MAX_PASSWORD_LENGTH } from '../../shared/account-limits.js';
import { noteTitle } from '../../shared/note-display.js';
import type { SharedNote } from '../../shared/shares.js';
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
import {
  GONE_BODY,
  LOCKED_BODY,
  type SharePageParts,
  sharedNoteBody,
  sharePageFrame,
} from './share-page.js';
import { findOpenShare, type OpenShare, recordShareView } from './share-repository.js';
import { ShareStreams } from './share-streams.js';
import { hashShareToken, isShareToken, isUnlockProof, unlockProof } from './share-token.js';

export interface SharePageOptions {
  db: Db;
  bus: LiveBus;
  clock: () => number;
  /** Wrong passwords a minute per link and client network, as for accounts. */
  throttle: LoginThrottle;
  /** Where attachments are kept; none when ATTACHMENTS=false. */
  blobs?: AttachmentBlobs;
  webClientDir: string;
  /** Requests a minute per client address to every share path together; 0: no limit. */
  requestsPerMinute: number;
}

/** The cookie that says this browser gave a link's password; one per link, by its path. */
const UNLOCK_COOKIE = 'quire_share';

const TokenParams = Type.Object({ token: Type.String({ maxLength: 64 }) });
const FileParams = Type.Object({
  token: Type.String({ maxLength: 64 }),
  id: Type.String({ maxLength: 64 }),
});
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

/**
 * The reader's side of share links, outside /api: the page `/s/{token}`, its password, its
 * stream of changes and the files its note shows. A link revoked, expired or whose note left
 * the list answers 404 like one that never was; nothing here tells who shared it.
 */
export function registerSharePages(app: FastifyInstance, options: SharePageOptions): void {
  const { db, bus, clock, throttle, blobs } = options;
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const frame = sharePageFrame(options.webClientDir);
  const streams = new ShareStreams(bus);
  app.addHook('preClose', (done) => {
    streams.close();
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

  const openShare = async (token: string): Promise<OpenShare | undefined> =>
    isShareToken(token) ? findOpenShare(db, hashShareToken(token), clock()) : undefined;
  const unlocked = (request: FastifyRequest, token: string, share: OpenShare) =>
    share.passwordHash === null ||
    cookiesNamed(request.headers.cookie, UNLOCK_COOKIE).some((proof) =>
      isUnlockProof(proof, token, share.passwordHash as string),
    );
  /** The link's note for this request, or 404 for a link that does not show it to this reader. */
  const readable = async (request: FastifyRequest, token: string) => {
    const share = await openShare(token);
    const note =
      share && unlocked(request, token, share) && (await findNote(db, share.userId, share.noteId));
    if (!share || !note) throw notFound('No such link');
    return { share, note };
  };
  const page = (reply: FastifyReply, status: number, parts: SharePageParts) =>
    reply
      .code(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('x-robots-tag', parts.indexable ? 'all' : 'noindex, nofollow')
      .send(frame(parts));

  api.get('/s/:token', { schema: { params: TokenParams }, config }, async (request, reply) => {
    const { token } = request.params;
    const share = await openShare(token);
    const gone = { title: 'Link not found', indexable: false, body: GONE_BODY };
    if (!share) return page(reply, 404, gone);
    if (!unlocked(request, token, share)) {
      return page(reply, 401, { title: 'Protected note', indexable: false, body: LOCKED_BODY });
    }
    const note = await findNote(db, share.userId, share.noteId);
    if (!note) return page(reply, 404, gone);
    await recordShareView(db, share.id, clock());
    return page(reply, 200, {
      title: noteTitle(note.body) ?? 'Untitled',
      indexable: share.allowSearchEngines,
      body: sharedNoteBody(sharedNoteOf(note)),
    });
  });

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

  // Server-sent events: the note each time it is saved, and `gone` when the link stops.
  api.get(
    '/s/:token/events',
    { schema: { params: TokenParams }, config, compress: false },
    async (request, reply) => {
      const { token } = request.params;
      const { share, note } = await readable(request, token);
      const recheck = async () => {
        const again = await openShare(token);
        if (!again || again.id !== share.id || !unlocked(request, token, again)) return undefined;
        const current = await findNote(db, again.userId, again.noteId);
        return current && sharedNoteOf(current);
      };
      const timeLeftMs = share.timeExpires === null ? null : (share.timeExpires - clock()) * 1000;
      const stream = streams.open(
        { shareId: share.id, userId: share.userId, noteId: share.noteId, recheck },
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

  if (!blobs) return;
  // Only the files the note refers to, and only while the link shows it.
  api.route({
    method: ['GET', 'HEAD'],
    url: '/s/:token/files/:id',
    schema: { params: FileParams },
    config,
    compress: false,
    handler: async (request, reply) => {
      const { token, id } = request.params;
      const { share, note } = await readable(request, token);
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
