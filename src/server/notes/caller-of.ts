import type { FastifyRequest } from 'fastify';
import { isLiveClientId, LIVE_CLIENT_HEADER } from '../../shared/live-message.js';
import type { Caller } from './note-service.js';

/** The signed-in session making a request, and the live client it names, if it names one. */
export function callerOf(request: FastifyRequest): Caller {
  const clientId = request.headers[LIVE_CLIENT_HEADER];
  return isLiveClientId(clientId) ? { ...request.session, clientId } : request.session;
}
