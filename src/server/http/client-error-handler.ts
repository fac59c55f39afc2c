import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ErrorCode } from '../../shared/api-error.js';
import { errorBody } from './error-handler.js';

/** Node's parse failures, before any route sees the request, in Quire's `{error, code}` shape. */
function answerFor(code: string | undefined): { status: number; code: ErrorCode; message: string } {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return { status: 408, code: 'timeout', message: 'The request took too long to arrive' };
  }
  if (code === 'HPE_HEADER_OVERFLOW') {
    return { status: 431, code: 'headers_too_large', message: 'Request headers are too large' };
  }
  return { status: 400, code: 'invalid_input', message: 'Malformed HTTP request' };
}

/**
 * Fastify's `clientErrorHandler`: a request Node could not parse (oversized or broken headers,
 * a bad request line) still gets a JSON answer a program can read, then the connection closes.
 */
export function handleClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const answer = answerFor(error.code);
  const body = JSON.stringify(errorBody(answer.code, answer.message));
  const text =
    `HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status]}\r\n` +
    'Content-Type: application/json; charset=utf-8\r\n' +
    `Content-Length: ${Buffer.byteLength(body)}\r\n` +
    'Connection: close\r\n\r\n' +
    body;
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    // A late client may still be sending: once the answer is out, nothing more is read.
    socket.end(text, () => socket.destroy());
  } else {
    socket.end(text);
  }
}

/** A request whose headers or body did not arrive in time: 408, and the connection closes. */
export function answerTimedOut(socket: Socket): void {
  handleClientError(
    Object.assign(new Error('request timed out'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' }),
    socket,
  );
}
