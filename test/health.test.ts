import { afterEach, describe, expect, it } from 'vitest';
import { call } from './helpers/api-client.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
afterEach(async () => server?.close());

describe('GET /api/health', () => {
  it('answers 200 ok while the database answers, without a session or a rate limit', async () => {
    server = await startTestServer({ config: { authRateLimit: 2 } });
    for (let i = 0; i < 5; i += 1) {
      const response = await call(server.url, 'GET', '/api/health');
      expect(response.status).toBe(200);
      expect(response.json).toEqual({ status: 'ok' });
      expect(response.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('answers 503 with a JSON error once the database is gone', async () => {
    server = await startTestServer();
    await server.database.close();
    const response = await call(server.url, 'GET', '/api/health');
    expect(response.status).toBe(503);
    expect(response.json).toEqual({ error: 'Database is not answering', code: 'unavailable' });
  });
});
