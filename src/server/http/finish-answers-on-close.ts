import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** How long closing waits for answers still being written before it goes ahead anyway. */
const FINISH_WAIT_MS = 10_000;

/**
 * Closing the server lets Node drop every connection it counts as idle, and it counts one as
 * idle as soon as its answer has ended, though much of it may still be waiting to be written
 * (a long list to a slow reader): that answer was cut off. Closing first waits, up to a bound,
 * until every answer has been handed to the network, so a deployment truncates nothing.
 */
export function registerFinishAnswersOnClose(app: FastifyInstance): void {
  const writing = new Set<ServerResponse>();
  // A plain callback hook: this runs on every request, the hot path included.
  app.addHook('onRequest', (request, reply, done) => {
    if (!request.headers.upgrade && request.headers.accept !== 'text/event-stream') {
      // A live socket or stream of events is closed on its own; any other answer is waited for.
      const response = reply.raw;
      writing.add(response);
      response.once('close', () => writing.delete(response));
    }
    done();
  });
  app.addHook('preClose', async () => {
    const finished = [...writing].map(
      (response) => new Promise<void>((resolve) => response.once('close', () => resolve())),
    );
    let timer: NodeJS.Timeout | undefined;
    const bound = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, FINISH_WAIT_MS);
      timer.unref();
    });
    await Promise.race([Promise.all(finished), bound]);
    clearTimeout(timer);
  });
}
