import { generateKeyPairSync, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type JWK } from 'oidc-provider';

/** A person at the test provider; `sub` is also the name typed on its sign-in page. */
export interface TestIdentity {
  sub: string;
  email?: string;
  email_verified?: boolean;
  groups?: string[];
  name?: string;
}

export interface TestIdentityProvider {
  /** `http://127.0.0.1:PORT`: what OIDC_ISSUER is set to. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /**
   * Registers Quire's callback address, once Quire is listening; until then the provider answers
   * nothing but 503.
   */
  acceptQuire(quireUrl: string): void;
  addIdentity(identity: TestIdentity): void;
  stop(): Promise<void>;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The provider's own sign-in page: a name to type, "Sign in", or "Cancel" to refuse. */
function signInPage(uid: string, problem = ''): string {
  return `<!doctype html><html lang="en"><head><title>Test ID</title></head><body>
<h1>Sign in to Test ID</h1>
${problem ? `<p role="alert">${escapeHtml(problem)}</p>` : ''}
<form method="post" action="/interaction/${uid}/login">
<label>Username <input name="login" autocomplete="off" autofocus></label>
<button type="submit">Sign in</button>
</form>
<form method="post" action="/interaction/${uid}/abort"><button type="submit">Cancel</button></form>
</body></html>`;
}

async function formBody(request: http.IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/**
 * A real OpenID provider (the `oidc-provider` package) on a loopback port, with one confidential
 * client for Quire, PKCE required, and a plain sign-in page of its own. Claims asked for by scope
 * reach Quire through the user-info endpoint, as with many providers.
 */
export async function startTestIdentityProvider(): Promise<TestIdentityProvider> {
  const identities = new Map<string, TestIdentity>();
  const clientId = 'quire';
  const clientSecret = randomBytes(16).toString('hex');
  let provider: Provider | undefined;

  async function interaction(request: http.IncomingMessage, response: http.ServerResponse) {
    const oidc = provider!;
    const [, , uid = '', action] = (request.url ?? '').split('?')[0]!.split('/');
    const details = await oidc.interactionDetails(request, response);
    if (request.method === 'GET') {
      response.setHeader('content-type', 'text/html; charset=utf-8');
      response.end(signInPage(uid));
      return;
    }
    if (action === 'abort') {
      await oidc.interactionFinished(
        request,
        response,
        { error: 'access_denied', error_description: 'The person cancelled the sign-in' },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    const login = (await formBody(request)).get('login')?.trim() ?? '';
    if (!identities.has(login)) {
      response.setHeader('content-type', 'text/html; charset=utf-8');
      response.end(signInPage(uid, `No such person: ${login}`));
      return;
    }
    const grant = new oidc.Grant({ accountId: login, clientId: String(details.params.client_id) });
    grant.addOIDCScope(String(details.params.scope ?? 'openid'));
    const grantId = await grant.save();
    await oidc.interactionFinished(request, response, {
      login: { accountId: login },
      consent: { grantId },
    });
  }

  const server = http.createServer((request, response) => {
    if (!provider) {
      response.statusCode = 503;
      response.end();
      return;
    }
    if (request.url?.startsWith('/interaction/')) {
      interaction(request, response).catch((error: unknown) => {
        response.statusCode = 400;
        response.end(String(error));
      });
      return;
    }
    provider.callback()(request, response);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
    format: 'jwk',
  }) as JWK;

  return {
    issuer,
    clientId,
    clientSecret,
    acceptQuire(quireUrl) {
      provider = new Provider(issuer, {
        clients: [
          {
            client_id: clientId,
            client_secret: clientSecret,
            redirect_uris: [new URL('/api/oidc/callback', quireUrl).href],
            grant_types: ['authorization_code'],
            response_types: ['code'],
          },
        ],
        jwks: { keys: [{ ...signingKey, use: 'sig', alg: 'RS256' }] },
        cookies: { keys: [randomBytes(16).toString('hex')] },
        scopes: ['openid', 'email', 'profile', 'groups'],
        claims: {
          openid: ['sub'],
          email: ['email', 'email_verified'],
          profile: ['name'],
          groups: ['groups'],
        },
        pkce: { required: () => true },
        ttl: { Interaction: 600, Grant: 600, Session: 600, AccessToken: 600, IdToken: 600 },
        features: { devInteractions: { enabled: false } },
        interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
        async findAccount(_ctx, id) {
          const identity = identities.get(id);
          if (!identity) return undefined;
          return { accountId: id, claims: async () => ({ ...identity }) };
        },
      });
    },
    addIdentity(identity) {
      identities.set(identity.sub, identity);
    },
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}
