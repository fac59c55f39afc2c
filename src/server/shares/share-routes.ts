import { randomUUID } from 'node:crypto';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { noteTags } from '../../shared/note-tags.js';
import {
  type CreateShareRequest,
  type CreateShareResponse,
  MAX_SHARES_PER_ACCOUNT,
  type ShareInfo,
  type ShareListResponse,
  shareAddress,
} from '../../shared/shares.js';
import { hashPassword } from '../accounts/password-hash.js';
import type { Authenticated } from '../accounts/require-session.js';
import type { Db } from '../db/schema.js';
import { conflict, invalidInput, notFound } from '../domain-errors.js';
import { NoContent } from '../http/schemas/no-content.js';
import {
  CreateShareRequest as CreateShareRequestSchema,
  CreateShareResponse as CreateShareSchema,
  CreateTagShareRequest,
  ShareIdParams,
  ShareInfo as ShareInfoSchema,
  ShareListResponse as ShareListSchema,
  UpdateShareRequest,
} from '../http/schemas/shares.js';
import type { LiveBus } from '../live/live-bus.js';
import { findStoredNote } from '../notes/note-repository.js';
import { NoteIdParams } from '../notes/note-routes.js';
import {
  countSharesOfUser,
  deleteSharesOfUser,
  insertShare,
  listSharesOfUser,
  type ShareSubject,
  updateShareOfUser,
} from './share-repository.js';
import { newShareToken } from './share-token.js';
import type { ShareViews } from './share-views.js';

export interface ShareRoutesOptions {
  db: Db;
  bus: LiveBus;
  authenticated: Authenticated;
  scryptCost: number;
  clock: () => number;
  /** Views counted and not yet stored: the list stores them before it reads. */
  views: ShareViews;
}

/** A password given (hashed), removed (null), or left as it was (undefined). */
async function passwordHashOf(password: string | null | undefined, cost: number) {
  if (password === undefined || password === null) return password;
  return hashPassword(password, cost);
}

/**
 * The owner's side of share links: make one for a note or a tag, list, change and revoke them. Only a
 * signed-in session manages them (publishing is the account's own act, never a script's), and
 * another account's link is 404, exactly like an unknown one.
 */
export function registerShareRoutes(app: FastifyInstance, options: ShareRoutesOptions) {
  const { db, bus, authenticated, scryptCost, clock, views } = options;
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const checkExpiry = (timeExpires: number | null | undefined) => {
    if (typeof timeExpires === 'number' && timeExpires <= clock()) {
      throw invalidInput('The expiry date must be in the future');
    }
  };
  // Every instance closes the open pages of links that went or changed (share-stream.ts).
  const announce = async (userId: string, ids: string[]) => {
    if (ids.length > 0) await bus.endSessions({ userId, sessionIds: ids });
  };
  const oneOf = async (userId: string, id: string): Promise<ShareInfo> => {
    await views.flush();
    const [found] = await listSharesOfUser(db, userId, { id });
    if (!found) throw notFound('No such link');
    return found;
  };

  /** Makes a link to what `subject` names, with its options; the answer shows it whole once. */
  const make = async (
    request: FastifyRequest,
    reply: FastifyReply,
    subject: ShareSubject,
    options: CreateShareRequest,
  ) => {
    const { userId } = request.session;
    const { timeExpires = null, password, allowSearchEngines = false } = options;
    checkExpiry(timeExpires);
    if ((await countSharesOfUser(db, userId)) >= MAX_SHARES_PER_ACCOUNT) {
      throw conflict(`An account holds at most ${MAX_SHARES_PER_ACCOUNT} links; revoke one first`);
    }
    const { token, hash, hint } = newShareToken();
    const id = randomUUID();
    await insertShare(db, {
      id,
      userId,
      ...subject,
      tokenHash: hash,
      tokenHint: hint,
      passwordHash: (await passwordHashOf(password, scryptCost)) ?? null,
      allowSearchEngines,
      timeCreated: clock(),
      timeExpires,
    });
    request.log.info({ userId, shareId: id }, 'Share link made');
    const created: CreateShareResponse = {
      ...(await oneOf(userId, id)),
      path: shareAddress(token),
    };
    return reply.code(201).send(created);
  };

  api.post(
    '/api/notes/:id/shares',
    {
      schema: {
        params: NoteIdParams,
        body: CreateShareRequestSchema,
        response: { 201: CreateShareSchema },
      },
      preHandler: authenticated('session'),
    },
    async (request, reply) => {
      const stored = await findStoredNote(db, request.session.userId, request.params.id);
      if (!stored || stored.timeDeleted !== null) throw notFound('No such note');
      const subject = { noteId: stored.note.id, tag: null, nestedTags: false } as const;
      return make(request, reply, subject, request.body);
    },
  );

  // A tag's notes, as the list filters by it: whichever carry it when the page is read.
  api.post(
    '/api/tags/shares',
    {
      schema: { body: CreateTagShareRequest, response: { 201: CreateShareSchema } },
      preHandler: authenticated('session'),
    },
    async (request, reply) => {
      const { tag, nestedTags = false, ...options } = request.body;
      const written = tag.startsWith('#') ? tag.slice(1) : tag;
      if (noteTags(`#${written}`)[0] !== written) {
        throw invalidInput('Not a tag: write it as it follows # in a note, like projects/work');
      }
      return make(request, reply, { noteId: null, tag: written, nestedTags }, options);
    },
  );

  api.get(
    '/api/shares',
    { schema: { response: { 200: ShareListSchema } }, preHandler: authenticated('session') },
    async (request): Promise<ShareListResponse> => {
      await views.flush();
      return { results: await listSharesOfUser(db, request.session.userId) };
    },
  );

  api.patch(
    '/api/shares/:id',
    {
      schema: {
        params: ShareIdParams,
        body: UpdateShareRequest,
        response: { 200: ShareInfoSchema },
      },
      preHandler: authenticated('session'),
    },
    async (request) => {
      const { userId } = request.session;
      const { id } = request.params;
      const { timeExpires, password, allowSearchEngines } = request.body;
      checkExpiry(timeExpires);
      const passwordHash = await passwordHashOf(password, scryptCost);
      if (
        !(await updateShareOfUser(db, userId, id, {
          timeExpires,
          passwordHash,
          allowSearchEngines,
        }))
      ) {
        throw notFound('No such link');
      }
      await announce(userId, [id]);
      return oneOf(userId, id);
    },
  );

  // Revoked at once on every instance: the bus tells each to close the link's open pages.
  api.delete(
    '/api/shares/:id',
    {
      schema: { params: ShareIdParams, response: { 204: NoContent } },
      preHandler: authenticated('session'),
    },
    async (request, reply) => {
      const { userId } = request.session;
      const gone = await deleteSharesOfUser(db, userId, { id: request.params.id });
      if (gone.length === 0) throw notFound('No such link');
      await announce(userId, gone);
      request.log.info({ userId, shareId: request.params.id }, 'Share link revoked');
      return reply.code(204).send(null);
    },
  );

  api.delete(
    '/api/shares',
    { schema: { response: { 204: NoContent } }, preHandler: authenticated('session') },
    async (request, reply) => {
      const { userId } = request.session;
      await announce(userId, await deleteSharesOfUser(db, userId));
      request.log.info({ userId }, 'Every share link revoked');
      return reply.code(204).send(null);
    },
  );
}
