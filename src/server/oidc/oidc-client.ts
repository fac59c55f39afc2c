import * as client from 'openid-client';
import type { ProviderPerson } from './oidc-admission.js';
import { personFromClaims } from './oidc-admission.js';
import { isLoopbackUrl, type OidcConfig } from './oidc-config.js';

/** What the browser carries between the start of a sign-in and the provider's callback. */
export interface PendingSignIn {
  state: string;
  nonce: string;
  codeVerifier: string;
  /** Sent at the start and again with the code: both must be the same. */
  redirectUri: string;
}

/** The provider could not be reached, or its discovery document could not be used. */
export class ProviderUnavailable extends Error {}

const DISCOVERY_TIMEOUT_SECONDS = 10;

/**
 * Quire as a client of one OpenID provider, through openid-client: discovery, the code flow with
 * PKCE, state and nonce, and every check of the ID token. The provider is found when someone
 * first signs in, not at start-up, so a provider that is down never keeps Quire from starting.
 */
export class OidcProviderClient {
  private configuration: Promise<client.Configuration> | undefined;

  constructor(private readonly settings: OidcConfig) {}

  private discover(): Promise<client.Configuration> {
    const { issuer, clientId, clientSecret } = this.settings;
    // openid-client speaks only https unless told; plain http is for a provider on loopback.
    const insecure = issuer.protocol === 'http:' && isLoopbackUrl(issuer);
    this.configuration ??= client
      .discovery(issuer, clientId, undefined, client.ClientSecretBasic(clientSecret), {
        execute: insecure ? [client.allowInsecureRequests] : [],
        timeout: DISCOVERY_TIMEOUT_SECONDS,
      })
      .catch((error: unknown) => {
        this.configuration = undefined; // asked again at the next sign-in
        throw new ProviderUnavailable(error instanceof Error ? error.message : String(error));
      });
    return this.configuration;
  }

  /** Where to send the browser to sign in, and what it must bring back. */
  async begin(redirectUri: string): Promise<{ url: URL; pending: PendingSignIn }> {
    const configuration = await this.discover();
    const pending: PendingSignIn = {
      state: client.randomState(),
      nonce: client.randomNonce(),
      codeVerifier: client.randomPKCECodeVerifier(),
      redirectUri,
    };
    const url = client.buildAuthorizationUrl(configuration, {
      redirect_uri: redirectUri,
      scope: this.scopes(configuration).join(' '),
      state: pending.state,
      nonce: pending.nonce,
      code_challenge: await client.calculatePKCECodeChallenge(pending.codeVerifier),
      code_challenge_method: 'S256',
    });
    return { url, pending };
  }

  /** Some providers hand out groups only for a `groups` scope; it is asked for where offered. */
  private scopes(configuration: client.Configuration): string[] {
    const offered = configuration.serverMetadata().scopes_supported ?? [];
    const wanted = ['openid', 'email', 'profile'];
    if (this.settings.admission.groups.length > 0 && offered.includes('groups')) {
      wanted.push('groups');
    }
    return wanted;
  }

  /**
   * Exchanges the code from the provider's callback for tokens and returns the person the
   * validated ID token names. When it lacks the e-mail or the groups, the user-info endpoint
   * (checked to be about the same subject) fills them in. `issuer` is the provider's own
   * identifier, as its discovery document (checked against OIDC_ISSUER) spells it.
   */
  async finish(
    pending: PendingSignIn,
    callbackQuery: string,
  ): Promise<{ issuer: string; person: ProviderPerson }> {
    const configuration = await this.discover();
    const callbackUrl = new URL(pending.redirectUri);
    callbackUrl.search = callbackQuery;
    const tokens = await client.authorizationCodeGrant(configuration, callbackUrl, {
      pkceCodeVerifier: pending.codeVerifier,
      expectedState: pending.state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
    const idClaims = tokens.claims();
    if (!idClaims) throw new Error('the provider sent no ID token');
    const claims: Record<string, unknown> = { ...idClaims };
    const { groupsClaim, groups } = this.settings.admission;
    const needsGroups = groups.length > 0 && claims[groupsClaim] === undefined;
    if (
      (claims.email === undefined || needsGroups) &&
      configuration.serverMetadata().userinfo_endpoint
    ) {
      const info = await client.fetchUserInfo(configuration, tokens.access_token, idClaims.sub);
      // An address and whether it is verified come together, from the one place that has them.
      if (claims.email === undefined) {
        claims.email = info.email;
        claims.email_verified = info.email_verified;
      }
      claims[groupsClaim] ??= info[groupsClaim];
    }
    const issuer = configuration.serverMetadata().issuer;
    return { issuer, person: personFromClaims(claims, groupsClaim) };
  }
}
