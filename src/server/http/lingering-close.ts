import type { FastifyReply, FastifyRequest } from 'fastify';

/** How much of a refused body is read and thrown away, at most, and for how long. */
const LINGER_MAX_BYTES = 256 * 1024 * 1024;
const LINGER_MAX_MS = 30_000;
const CHECK_EVERY_MS = 250;

/**
 * Lets a client that is still sending a refused (too large) body read its answer. Closing
 * the connection with unread data makes the kernel reset it, and the client then sees EPIPE
 * instead of the 413. So, as nginx's lingering close does, the rest of the body is read and
 * discarded (Node does that on a kept-alive connection), up to a bound in bytes and time;
 * past it the connection is dropped.
 */
export function lingerAfterRefusedBody(request: FastifyRequest, reply: FastifyReply): void {
  const raw = request.raw;
  if (raw.complete) return; // the whole body arrived: nothing left to drain
  // Node has let go of the connection already (it closed, or was handed on): nothing to drain.
  if (!raw.socket) return;
  reply.removeHeader('connection'); // Fastify asks for close; keep-alive makes Node drain
  const socket = raw.socket;
  const startBytes = socket.bytesRead;
  const startMs = Date.now();
  const check = setInterval(() => {
    if (raw.complete || socket.destroyed) {
      clearInterval(check);
      return;
    }
    const tooMuch = socket.bytesRead - startBytes > LINGER_MAX_BYTES;
    if (tooMuch || Date.now() - startMs > LINGER_MAX_MS) {
      clearInterval(check);
      socket.destroy();
    }
  }, CHECK_EVERY_MS);
  check.unref();
}
