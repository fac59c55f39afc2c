import { test as base, type Page } from '@playwright/test';
import {
  startTestIdentityProvider,
  type TestIdentity,
  type TestIdentityProvider,
} from '../../test/helpers/test-identity-provider.js';
import { type QuireServer, removeDataDir, startQuireServer } from './quire-server.js';

export const BUTTON_LABEL = 'Sign in with Test ID';

export interface SingleSignOn {
  provider: TestIdentityProvider;
  quire: QuireServer;
}

/** A real OpenID provider on loopback and a Quire server that signs in through it. */
export async function startSingleSignOn(settings: Record<string, string>): Promise<SingleSignOn> {
  const provider = await startTestIdentityProvider();
  const quire = await startQuireServer({
    oidcProvider: provider,
    env: { OIDC_BUTTON_LABEL: BUTTON_LABEL, ...settings },
  });
  provider.acceptQuire(quire.url);
  return { provider, quire };
}

export async function stopSingleSignOn(setup: SingleSignOn): Promise<void> {
  await setup.quire.stop();
  await setup.provider.stop();
  await removeDataDir(setup.quire.dataDir);
}

/**
 * Each test sets up its own provider and server with `signOn(settings)`, since the allow-list
 * differs between them; the page's base URL is that server's.
 */
export const test = base.extend<{
  signOn: (settings: Record<string, string>) => Promise<SingleSignOn>;
}>({
  signOn: async ({ page: _page }, use) => {
    const started: SingleSignOn[] = [];
    await use(async (settings) => {
      const setup = await startSingleSignOn(settings);
      started.push(setup);
      return setup;
    });
    for (const setup of started) await stopSingleSignOn(setup);
  },
});

let people = 0;
/** A new person at the provider; returns the name typed on its sign-in page. */
export function addPerson(setup: SingleSignOn, claims: Omit<TestIdentity, 'sub'>): string {
  people += 1;
  const sub = `person-${process.pid}-${people}`;
  setup.provider.addIdentity({ sub, ...claims });
  return sub;
}

/** At the provider's page: types the name and signs in, as a person would. */
export async function signInAtProvider(page: Page, login: string): Promise<void> {
  await page.getByRole('heading', { name: 'Sign in to Test ID' }).waitFor();
  await page.getByLabel('Username').fill(login);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

export { expect } from '@playwright/test';
