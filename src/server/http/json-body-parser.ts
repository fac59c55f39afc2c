import { isUtf8 } from 'node:buffer';
import type { FastifyInstance } from 'fastify';
import { invalidInput } from '../domain-errors.js';

/**
 * JSON bodies with Fastify's prototype-poisoning protection, plus one allowance: the client sends
 * `content-type: application/json` on every call (docs/api.md#routes), so an empty body on a
 * `DELETE` is no body rather than broken JSON. JSON is UTF-8: bytes that are not are refused rather
 * than silently turned into U+FFFD and stored.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: app.initialConfig.bodyLimit },
    (request, body, done) => {
      if (body.length === 0) {
        done(null, undefined);
        return;
      }
      if (!isUtf8(body as Buffer)) {
        done(invalidInput('Request body is not valid UTF-8'), undefined);
        return;
      }
      parseJson(request, body.toString(), (error, value) => {
        if (error) done(invalidInput('Request body is not valid JSON'), undefined);
        else done(null, value);
      });
    },
  );
}
