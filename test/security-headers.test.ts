import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

const SECURITY_HEADERS = {
  'content-security-policy':
    "default-src 'self';base-uri 'self';script-src 'self';style-src 'self';img-src 'self' data:;" +
    "font-src 'self';connect-src 'self';worker-src 'self';manifest-src 'self';object-src 'none';" +
    "frame-ancestors 'none';form-action 'self'",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

it('sends the same security headers on answers, errors and the page, and no HSTS', async () => {
  for (const path of ['/api/config', '/api/notes', '/', '/no-such-thing']) {
    const response = await fetch(`${server.url}${path}`);
    const headers = Object.fromEntries(response.headers);
    expect(headers, path).toMatchObject(SECURITY_HEADERS);
    expect(headers['strict-transport-security'], path).toBeUndefined();
  }
});

it('lets the diagram page alone take inline styles, framed by Quire only, with scripts as strict', async () => {
  const response = await fetch(`${server.url}/diagram-frame.html?v=1`);
  const policy = response.headers.get('content-security-policy') ?? '';
  expect(policy).toContain("script-src 'self';");
  expect(policy).toContain("style-src 'self' 'unsafe-inline';");
  expect(policy).toContain("frame-ancestors 'self'");
  expect(policy).toContain("connect-src 'none'");
  const page = await fetch(`${server.url}/diagram-frame.html.bak`);
  expect(page.headers.get('content-security-policy')).toBe(
    SECURITY_HEADERS['content-security-policy'],
  );
});
