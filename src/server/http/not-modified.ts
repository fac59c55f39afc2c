import type { FastifyReply } from 'fastify';

/**
 * 304: the client's copy is current. Sent without a body, as HTTP wants; the route's response
 * schemas (which type its replies) describe the answers that have one.
 */
export function notModified(reply: FastifyReply): FastifyReply {
  return reply.code(304).send();
}
