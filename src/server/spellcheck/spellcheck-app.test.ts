import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/helpers/test-server.js';

// The dictionary through the whole application: registered, public, compressed, cacheable.
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(() => server.close());

describe('dictionary in the application', () => {
  it('is served without a session, compressed and cached for a year', async () => {
    const manifest = (await (await fetch(`${server.url}/dictionaries/en_US.json`)).json()) as {
      dic: string;
    };
    const response = await fetch(`${server.url}${manifest.dic}`, {
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toMatch(/^(br|gzip)$/);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect((await response.text()).split('\n', 1)[0]).toMatch(/^\d+$/);
  });

  it('answers 404 JSON for other dictionary paths', async () => {
    const response = await fetch(`${server.url}/dictionaries/de_DE.dic`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: expect.any(String), code: 'not_found' });
  });
});
