import type { FastifyInstance } from 'fastify';
import type { AttachmentUsage } from '../../shared/attachment.js';
import type { Authenticated } from '../accounts/require-session.js';
import type { AttachmentConfig } from '../config.js';
import type { Db } from '../db/schema.js';
import { AttachmentUsage as UsageSchema } from '../http/schemas/attachment.js';
import { bytesUsed } from './attachment-repository.js';

/** `GET /api/attachments/usage` — the bytes the account holds against its quota. */
export function registerUsageRoute(
  app: FastifyInstance,
  options: { db: Db; settings: AttachmentConfig; authenticated: Authenticated },
): void {
  app.get(
    '/api/attachments/usage',
    {
      schema: { response: { 200: UsageSchema } },
      preHandler: options.authenticated('attachments'),
    },
    async (request): Promise<AttachmentUsage> => ({
      used: await bytesUsed(options.db, request.session.userId),
      quota: options.settings.quota,
      limit: options.settings.limit,
    }),
  );
}
