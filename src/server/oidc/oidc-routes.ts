import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify';
import {
  SIGN_IN_ERROR_FRAGMENT,
  SIGN_IN_FRAGMENT,
  type SignInFailure,
} from '../../shared/sign-in-handoff.js';
import type { Db } from '../db/schema.js';
import {
  clearFlowCookie,
  flowCookie,
  HANDOFF_CODE_SECONDS,
  handoffCookie,
  readFlowCookie,
} from './flow-cookies.js';
import { accountForPerson, SignInRefused } from './oidc-accounts.js';
import { type OidcProviderClient, ProviderUnavailable } from './oidc-client.js';
import type { OidcAdmission } from './oidc-config.js';
import { issueSignInCode } from './sign-in-codes.js';

export const OIDC_START_PATH = '/api/oidc/start';
const CALLBACK_PATH = '/api/oidc/callback';

export interface OidcRoutesOptions {
  db: Db;
  provider: OidcProviderClient;
  admission: OidcAdmission;
  rateLimit: FastifyContextConfig;
}

/**
 * The address the provider sends the browser back to: the one to register with it. Taken from
 * the request (with TRUST_PROXY, the proxy's), so it is what the person's browser uses.
 */
function callbackUrl(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}${CALLBACK_PATH}`;
}

function failureOf(error: unknown): SignInFailure {
  if (error instanceof SignInRefused) return error.reason;
  if (error instanceof ProviderUnavailable) return 'unavailable';
  const code = (error as { cause?: { code?: unknown } } | null)?.cause?.code;
  if (code === 'ECONNREFUSED' || code === 'ETIMEDOUT' || code === 'ENOTFOUND') return 'unavailable';
  return 'failed';
}

/**
 * `GET /api/oidc/start` sends the browser to the provider; `GET /api/oidc/callback` takes it
 * back. Both answer only with redirects, so whatever goes wrong lands on the Log In screen
 * with its reason (`/#sign-in-error=…`), never on an error page.
 */
export function registerOidcRoutes(app: FastifyInstance, options: OidcRoutesOptions): void {
  const { db, provider, admission, rateLimit } = options;

  app.get(OIDC_START_PATH, { config: rateLimit }, async (request, reply) => {
    try {
      const { url, pending } = await provider.begin(callbackUrl(request));
      return reply.header('set-cookie', flowCookie(request, pending)).redirect(url.href);
    } catch (error) {
      request.log.warn({ reason: (error as Error).message }, 'single sign-on could not start');
      return reply.redirect(`/#${SIGN_IN_ERROR_FRAGMENT}=${failureOf(error)}`);
    }
  });

  app.get(CALLBACK_PATH, { config: rateLimit }, async (request, reply) => {
    const query = new URL(request.url, 'http://quire.invalid').search;
    const params = new URLSearchParams(query);
    const pending = readFlowCookie(request);
    reply.header('set-cookie', clearFlowCookie(request));
    try {
      if (params.has('error')) {
        throw new SignInRefused(params.get('error') === 'access_denied' ? 'denied' : 'failed');
      }
      // No cookie, or another one: too late, or back in a browser that did not start it.
      if (!pending || params.get('state') !== pending.state) throw new SignInRefused('expired');
      const { issuer, person } = await provider.finish(pending, query);
      const account = await accountForPerson(db, issuer, person, admission);
      const code = await issueSignInCode(db, account.userId, HANDOFF_CODE_SECONDS);
      request.log.info({ userId: account.userId, how: account.how }, 'signed in through OIDC');
      return reply
        .header('set-cookie', handoffCookie(request, code))
        .redirect(`/#${SIGN_IN_FRAGMENT}`);
    } catch (error) {
      const reason = failureOf(error);
      request.log.warn({ reason, detail: (error as Error).message }, 'single sign-on refused');
      return reply.redirect(`/#${SIGN_IN_ERROR_FRAGMENT}=${reason}`);
    }
  });
}
