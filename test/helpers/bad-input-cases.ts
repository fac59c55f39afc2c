/**
 * The bad-input corpus as a table: every case is a request that must get a 4xx `{error, code}`
 * and change nothing. A new route joins by adding a line to JSON_ROUTES or ID_ROUTES.
 */
export interface BadRequestCase {
  name: string;
  method: string;
  path: string;
  /** Sent as it is: JSON text, or bytes that are not even UTF-8. */
  body?: string | Buffer;
  headers?: Record<string, string>;
  /** Send the signed-in user's token (the default for routes that need one). */
  auth?: boolean;
}

/** Routes taking a JSON body, each with a valid body that mutations turn invalid. */
export interface JsonRoute {
  method: string;
  path: string;
  auth: boolean;
  valid: Record<string, unknown>;
}

export function jsonRoutes(noteId: string): JsonRoute[] {
  const credentials = { username: 'someone@example.com', password: 'correct horse' };
  return [
    { method: 'POST', path: '/api/signup', auth: false, valid: credentials },
    { method: 'POST', path: '/api/login', auth: false, valid: { ...credentials, totp: '123456' } },
    { method: 'POST', path: '/api/login/code', auth: false, valid: { code: 'not-a-real-code' } },
    { method: 'POST', path: '/api/notes', auth: true, valid: { body: 'text' } },
    { method: 'PUT', path: '/api/notes', auth: true, valid: { id: noteId, body: 'text' } },
    { method: 'POST', path: `/api/notes/${noteId}/restore`, auth: true, valid: { revision: 1 } },
    {
      method: 'POST',
      path: `/api/notes/${noteId}/rename-links`,
      auth: true,
      valid: { from: 'Old title', to: 'New title' },
    },
    { method: 'POST', path: '/api/account/totp', auth: true, valid: { password: 'x' } },
    { method: 'POST', path: '/api/account/totp/confirm', auth: true, valid: { code: '123456' } },
    { method: 'DELETE', path: '/api/account/totp', auth: true, valid: { password: 'x' } },
    {
      method: 'POST',
      path: '/api/account/password',
      auth: true,
      valid: { currentPassword: 'wrong password', newPassword: 'another one' },
    },
    { method: 'DELETE', path: '/api/account', auth: true, valid: { password: 'wrong password' } },
    {
      method: 'PUT',
      path: '/api/account/spelling/language',
      auth: true,
      valid: { language: 'de' },
    },
    { method: 'POST', path: '/api/account/spelling/words', auth: true, valid: { word: 'Quire' } },
    { method: 'DELETE', path: '/api/account/spelling/words', auth: true, valid: { word: 'Quire' } },
  ];
}

const MALFORMED = [
  '{',
  '{"a":',
  '[1,2',
  'nul',
  "{'single': 'quotes'}",
  '{"a" "b"}',
  '{"a":1,}',
  'NaN',
  '\u0000',
  '{"a":1}{"b":2}',
];
const WRONG_SHAPES = ['null', '[]', '42', '"text"', 'true', '1e999', '{}'];
const WRONG_VALUES: unknown[] = [123, null, [], {}, true, 1e308, -0];

/** Mutations of one JSON route's body: malformed, nested, wrong types, odd text, extra fields. */
export function jsonCases(route: JsonRoute): BadRequestCase[] {
  const at = (name: string, body: string | Buffer): BadRequestCase => ({
    name: `${route.method} ${route.path}: ${name}`,
    method: route.method,
    path: route.path,
    body,
    auth: route.auth,
  });
  const valid = JSON.stringify(route.valid);
  const cases = [
    ...MALFORMED.map((text) => at(`malformed ${JSON.stringify(text)}`, text)),
    ...WRONG_SHAPES.map((text) => at(`body ${text}`, text)),
    at('nested arrays 10,000 deep', `${'['.repeat(10_000)}${']'.repeat(10_000)}`),
    at('nested objects 5,000 deep', `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`),
    at('a huge number', valid.replace(/}$/, ',"n":123456789012345678901234567890e300}')),
    at('an unknown field', JSON.stringify({ ...route.valid, admin: true })),
    at('__proto__', valid.replace(/^{/, '{"__proto__":{"admin":true},')),
    at('constructor.prototype', valid.replace(/^{/, '{"constructor":{"prototype":{"x":1}},')),
    at(
      'invalid UTF-8',
      Buffer.concat([Buffer.from('{"x":"'), Buffer.from([0xff, 0xfe]), Buffer.from('"}')]),
    ),
  ];
  for (const field of Object.keys(route.valid)) {
    for (const value of WRONG_VALUES) {
      cases.push(
        at(
          `${field} = ${JSON.stringify(value)}`,
          JSON.stringify({ ...route.valid, [field]: value }),
        ),
      );
    }
    cases.push(at(`${field} missing`, JSON.stringify({ ...route.valid, [field]: undefined })));
    // JSON.stringify writes lone surrogates as \ud800 escapes: valid JSON, not valid text.
    cases.push(
      at(`${field} with a lone surrogate`, JSON.stringify({ ...route.valid, [field]: '\ud800x' })),
    );
    cases.push(
      at(`${field} 100 KB long`, JSON.stringify({ ...route.valid, [field]: 'x'.repeat(100_000) })),
    );
  }
  // Notes take any text, and a missing body is their only wrong field left: skip what is valid.
  return cases.filter((c) => !(route.path === '/api/notes' && /body 100 KB/.test(c.name)));
}

const HOSTILE_IDS = [
  '..%2F..%2Fetc%2Fpasswd',
  '..%5C..%5Cwindows',
  "1'%20OR%20'1'%3D'1",
  '1%3B%20DROP%20TABLE%20notes',
  '%00',
  '%ED%A0%80',
  '%FF',
  'x'.repeat(65),
  '%F0%9F%98%80',
  'null',
  '%25',
  '%0D%0ASet-Cookie:%20x=1',
];

/** Routes naming a row by id in the path (`suffix` follows the id). */
export const ID_ROUTES: { method: string; prefix: string; suffix?: string }[] = [
  { method: 'DELETE', prefix: '/api/notes/' },
  { method: 'DELETE', prefix: '/api/sessions/' },
  { method: 'GET', prefix: '/api/notes/', suffix: '/versions' },
  { method: 'GET', prefix: '/api/notes/', suffix: '/versions/1' },
  { method: 'POST', prefix: '/api/trash/', suffix: '/restore' },
  { method: 'DELETE', prefix: '/api/trash/' },
];

const HOSTILE_REVISIONS = ['0', '-1', '1.5', '1e3', 'abc', '9'.repeat(20), '%00', '1%20OR%201'];

export function idCases(noteId: string): BadRequestCase[] {
  return [
    ...ID_ROUTES.flatMap((route) =>
      HOSTILE_IDS.map((id) => ({
        name: `${route.method} ${route.prefix}${id.slice(0, 40)}${route.suffix ?? ''}`,
        method: route.method,
        path: `${route.prefix}${id}${route.suffix ?? ''}`,
        auth: true,
      })),
    ),
    ...HOSTILE_REVISIONS.map((revision) => ({
      name: `GET a version numbered ${revision}`,
      method: 'GET',
      path: `/api/notes/${noteId}/versions/${revision}`,
      auth: true,
    })),
  ];
}

/** Every authenticated route without a token, with a wrong one, and with the wrong media type. */
export function accessCases(routes: JsonRoute[]): BadRequestCase[] {
  const plain = [
    { method: 'GET', path: '/api/notes' },
    { method: 'GET', path: '/api/check' },
    { method: 'GET', path: '/api/sessions' },
    { method: 'GET', path: '/api/account' },
    { method: 'POST', path: '/api/logout' },
    { method: 'DELETE', path: '/api/sessions' },
    { method: 'GET', path: '/api/trash' },
    { method: 'DELETE', path: '/api/trash' },
  ];
  const all = [...plain, ...routes.filter((route) => route.auth)];
  const tokens = ['', 'x'.repeat(43), 'x'.repeat(300), "' OR 1=1 --", 'ünïcödé'];
  return [
    ...all.flatMap((route) =>
      tokens.map((token) => ({
        name: `${route.method} ${route.path} with token ${JSON.stringify(token.slice(0, 12))}`,
        method: route.method,
        path: route.path,
        auth: false,
        headers: { token: encodeURIComponent(token) === token ? token : encodeURIComponent(token) },
      })),
    ),
    ...routes.map((route) => ({
      name: `${route.method} ${route.path} as text/plain`,
      method: route.method,
      path: route.path,
      body: JSON.stringify(route.valid),
      auth: route.auth,
      headers: { 'content-type': 'text/plain' },
    })),
    ...[
      '/dictionaries/../../package.json',
      '/dictionaries/%2e%2e/%2e%2e/package.json',
      '/dictionaries/x%00.dic',
      '/api/notes/',
      '/api/../package.json',
      '/api/nothing',
    ].map((path) => ({ name: `GET ${path}`, method: 'GET', path, auth: true })),
  ];
}
