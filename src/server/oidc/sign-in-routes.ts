import type { FastifyContextConfig, FastifyInstance } from 'fastify';
import type { OidcSignInOption } from '../../shared/sign-in-handoff.js';
import type { Db } from '../db/schema.js';
import { OidcProviderClient } from './oidc-client.js';
import type { OidcConfig } from './oidc-config.js';
import { OIDC_START_PATH, registerOidcRoutes } from './oidc-routes.js';
import { registerSignInCodeRoute } from './sign-in-code-route.js';

/** What the Log In screen offers besides the password form; undefined without OIDC. */
export function singleSignOnOf(
  oidc: OidcConfig | undefined,
): { option: OidcSignInOption; only: boolean } | undefined {
  if (!oidc) return undefined;
  return { option: { buttonLabel: oidc.buttonLabel, startPath: OIDC_START_PATH }, only: oidc.only };
}

/**
 * Signing in without the password form: one-time codes (the CLI's links, and the hand-off after
 * the provider) always, the provider's own routes when OIDC is set up.
 */
export function registerSignInRoutes(
  app: FastifyInstance,
  options: { db: Db; oidc: OidcConfig | undefined; rateLimit: FastifyContextConfig },
): void {
  const { db, oidc, rateLimit } = options;
  registerSignInCodeRoute(app, { db, rateLimit });
  if (!oidc) return;
  const provider = new OidcProviderClient(oidc);
  registerOidcRoutes(app, { db, provider, admission: oidc.admission, rateLimit });
}
