import type { BrowserContext } from '@playwright/test';

/**
 * Aborts every request the context makes to anything but loopback and records its URL, so a
 * test can assert that nothing ever tried to leave Quire's own origin.
 */
export async function abortOffsiteRequests(context: BrowserContext): Promise<string[]> {
  const offsite: string[] = [];
  await context.route('**/*', (route) => {
    const { hostname } = new URL(route.request().url());
    if (hostname === '127.0.0.1' || hostname === 'localhost') return route.continue();
    offsite.push(route.request().url());
    return route.abort();
  });
  return offsite;
}
