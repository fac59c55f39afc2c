import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  APP_HEADERS,
  DIAGRAM_FRAME_HEADERS,
  SHARE_HEADERS,
} from '../src/server/http/security-headers.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

const COMMON_HEADERS = {
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

const SECURITY_HEADERS = {
  'content-security-policy':
    "default-src 'self';base-uri 'self';script-src 'self';style-src 'self';img-src 'self' data:;" +
    "font-src 'self';connect-src 'self';worker-src 'self';manifest-src 'self';object-src 'none';" +
    "frame-ancestors 'none';form-action 'self'",
  ...COMMON_HEADERS,
};

const DIAGRAM_FRAME_SECURITY_HEADERS = {
  'content-security-policy':
    "default-src 'self';base-uri 'self';script-src 'self';style-src 'self' 'unsafe-inline';" +
    "img-src 'self' data:;font-src 'self';connect-src 'none';worker-src 'self';" +
    "manifest-src 'self';object-src 'none';frame-ancestors 'self';form-action 'none'",
  ...COMMON_HEADERS,
};

const SHARE_SECURITY_HEADERS = {
  'content-security-policy':
    "default-src 'none';base-uri 'none';script-src 'self';style-src 'self';img-src 'self' data:;" +
    "font-src 'self';connect-src 'self';worker-src 'none';manifest-src 'self';object-src 'none';" +
    "frame-ancestors 'none';form-action 'none';frame-src 'self'",
  ...COMMON_HEADERS,
};

/** The answer's headers of those names, to compare a whole set at once. */
const securityHeadersOf = (response: Response) =>
  Object.fromEntries(
    Object.keys(SECURITY_HEADERS).flatMap((name) => {
      const value = response.headers.get(name);
      return value === null ? [] : [[name, value]];
    }),
  );

it('has exactly these headers for each policy, nothing more', () => {
  expect(Object.fromEntries(APP_HEADERS)).toEqual(SECURITY_HEADERS);
  expect(APP_HEADERS).toHaveLength(Object.keys(SECURITY_HEADERS).length);
  expect(Object.fromEntries(DIAGRAM_FRAME_HEADERS)).toEqual(DIAGRAM_FRAME_SECURITY_HEADERS);
  expect(DIAGRAM_FRAME_HEADERS).toHaveLength(Object.keys(DIAGRAM_FRAME_SECURITY_HEADERS).length);
  expect(Object.fromEntries(SHARE_HEADERS)).toEqual(SHARE_SECURITY_HEADERS);
  expect(SHARE_HEADERS).toHaveLength(Object.keys(SHARE_SECURITY_HEADERS).length);
});

it('sends the same security headers on answers, errors and the page, and no HSTS', async () => {
  for (const path of ['/api/config', '/api/notes', '/', '/no-such-thing']) {
    const response = await fetch(`${server.url}${path}`);
    expect(securityHeadersOf(response), path).toEqual(SECURITY_HEADERS);
    expect(response.headers.get('strict-transport-security'), path).toBeNull();
  }
});

it('lets the diagram page alone take inline styles, framed by Quire only, with scripts as strict', async () => {
  const response = await fetch(`${server.url}/diagram-frame.html?v=1`);
  expect(securityHeadersOf(response)).toEqual(DIAGRAM_FRAME_SECURITY_HEADERS);
  const page = await fetch(`${server.url}/diagram-frame.html.bak`);
  expect(securityHeadersOf(page)).toEqual(SECURITY_HEADERS);
});

it("gives share pages their own policy, even a share that doesn't exist", async () => {
  const response = await fetch(`${server.url}/s/no-such-share`);
  expect(securityHeadersOf(response)).toEqual(SHARE_SECURITY_HEADERS);
});
