import type { FastifyRequest } from 'fastify';
import { LIVE_CLIENT_HEADER } from '../../shared/live-message.js';
import type { Caller } from './note-service.js';

const MAX_CLIENT_ID = 64;

/** The signed-in session making a request, and the live client it names, if it names one. */
export function callerOf(request: FastifyRequest): Caller {
  const clientId = request.headers[LIVE_CLIENT_HEADER];
  const named = typeof clientId === 'string' && clientId !== '' && clientId.length <= MAX_CLIENT_ID;
  return named ? { ...request.session, clientId } : request.session;
}
