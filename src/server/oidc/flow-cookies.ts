import type { FastifyRequest } from 'fastify';
import type { PendingSignIn } from './oidc-client.js';

// Two short-lived HttpOnly cookies carry a sign-in through the browser. Over https they take the
// __Host- prefix, so a sibling subdomain cannot plant one.

const FLOW = 'quire_oidc';
const HANDOFF = 'quire_sign_in';
/** Time to sign in at the provider. */
const FLOW_SECONDS = 600;
/** Time for the web app, just loaded, to fetch its session. */
const HANDOFF_SECONDS = 60;

function nameFor(request: FastifyRequest, name: string): string {
  return request.protocol === 'https' ? `__Host-${name}` : name;
}

function readCookie(request: FastifyRequest, name: string): string | undefined {
  const wanted = nameFor(request, name);
  for (const part of request.headers.cookie?.split(';') ?? []) {
    const [key, ...value] = part.trim().split('=');
    if (key === wanted) return value.join('=');
  }
  return undefined;
}

function cookie(
  request: FastifyRequest,
  name: string,
  value: string,
  options: { maxAge: number; sameSite: 'Lax' | 'Strict' },
): string {
  const parts = [`${nameFor(request, name)}=${value}`, 'Path=/', 'HttpOnly'];
  parts.push(`SameSite=${options.sameSite}`, `Max-Age=${options.maxAge}`);
  if (request.protocol === 'https') parts.push('Secure');
  return parts.join('; ');
}

/**
 * The state, nonce and PKCE verifier of a sign-in under way. SameSite=Lax, as the browser must
 * send it on the provider's redirect back; what it holds is checked against the callback.
 */
export function flowCookie(request: FastifyRequest, pending: PendingSignIn): string {
  const value = Buffer.from(JSON.stringify(pending)).toString('base64url');
  return cookie(request, FLOW, value, { maxAge: FLOW_SECONDS, sameSite: 'Lax' });
}

export function clearFlowCookie(request: FastifyRequest): string {
  return cookie(request, FLOW, '', { maxAge: 0, sameSite: 'Lax' });
}

export function readFlowCookie(request: FastifyRequest): PendingSignIn | undefined {
  const raw = readCookie(request, FLOW);
  if (!raw) return undefined;
  try {
    const value = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as PendingSignIn;
    const fields = [value.state, value.nonce, value.codeVerifier, value.redirectUri];
    return fields.every((field) => typeof field === 'string') ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The one-time code that the web app exchanges for its session once the provider's sign-in is
 * done. A cookie rather than the URL: the code never sits in history, logs or a Referer, and
 * SameSite=Strict with HttpOnly lets only Quire's own page spend it.
 */
export function handoffCookie(request: FastifyRequest, code: string): string {
  return cookie(request, HANDOFF, code, { maxAge: HANDOFF_SECONDS, sameSite: 'Strict' });
}

export function clearHandoffCookie(request: FastifyRequest): string {
  return cookie(request, HANDOFF, '', { maxAge: 0, sameSite: 'Strict' });
}

export function readHandoffCookie(request: FastifyRequest): string | undefined {
  return readCookie(request, HANDOFF) || undefined;
}

export const HANDOFF_CODE_SECONDS = HANDOFF_SECONDS;
