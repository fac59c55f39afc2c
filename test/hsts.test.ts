import { afterEach, describe, expect, it } from 'vitest';
import type { Config } from '../src/server/config.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function hstsFor(config: Partial<Config>, headers: Record<string, string>) {
  server = await startTestServer({ config });
  const answers = [];
  for (const path of ['/api/config', '/api/notes', '/', '/no-such-thing']) {
    const response = await fetch(`${server.url}${path}`, { headers });
    answers.push(response.headers.get('strict-transport-security'));
  }
  return answers;
}

const BEHIND_PROXY = { trustProxy: '127.0.0.1' };
/** The same header on each of the four answers. */
const onEvery = (value: string | null) => Array(4).fill(value);

describe('Strict-Transport-Security', () => {
  it('is sent on every answer to a request a trusted proxy took over https', async () => {
    const answers = await hstsFor(BEHIND_PROXY, { 'x-forwarded-proto': 'https' });
    expect(answers).toEqual(onEvery('max-age=31536000'));
  });

  it('is not sent over plain HTTP', async () => {
    expect(await hstsFor(BEHIND_PROXY, { 'x-forwarded-proto': 'http' })).toEqual(onEvery(null));
    await server?.close();
    expect(await hstsFor(BEHIND_PROXY, {})).toEqual(onEvery(null));
  });

  it('is not sent when the proxy that says https is not trusted', async () => {
    const answers = await hstsFor({ trustProxy: false }, { 'x-forwarded-proto': 'https' });
    expect(answers).toEqual(onEvery(null));
  });

  it('is not sent with HSTS=false', async () => {
    const answers = await hstsFor(
      { ...BEHIND_PROXY, hsts: false },
      { 'x-forwarded-proto': 'https' },
    );
    expect(answers).toEqual(onEvery(null));
  });
});
