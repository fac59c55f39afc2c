import { afterEach, beforeEach, expect, it } from 'vitest';
import { CLOSE_UNAUTHORIZED } from '../src/shared/live-message.js';
import { call, createNote, signUp } from './helpers/api-client.js';
import { bearer, createApiToken } from './helpers/api-tokens.js';
import { startTwoInstances, type TwoInstances } from './helpers/two-instances.js';

// Two instances over one database, with the periodic sweep out of the way: the second must
// refuse a token revoked through the first because it was told, though it had just let it in.
let instances: TwoInstances;
beforeEach(async () => {
  instances = await startTwoInstances(3_600_000);
});
afterEach(async () => instances?.close());

it('a token revoked on one instance is refused at once on the other, and its socket closes', async () => {
  const { one, two } = instances;
  const session = await signUp(one.url);
  await createNote(one.url, session, 'shared');
  const created = await createApiToken(one.url, session, ['notes:read']);
  const kept = await createApiToken(one.url, session, ['notes:read']);
  // Two has the token in its cache now.
  expect((await call(two.url, 'GET', '/api/notes', bearer(created.token))).status).toBe(200);
  const live = await instances.connect(two, created.token);
  const other = await instances.connect(two, kept.token);

  const revoked = await call(one.url, 'DELETE', `/api/tokens/${created.id}`, { token: session });
  expect(revoked.status).toBe(204);
  // Told over the database's notifications: well before the cache's own few seconds run out.
  await expect
    .poll(async () => (await call(two.url, 'GET', '/api/notes', bearer(created.token))).status, {
      timeout: 2_000,
    })
    .toBe(401);
  expect(await live.closed(2_000)).toBe(CLOSE_UNAUTHORIZED);
  expect(other.closeCode).toBeUndefined();
  expect((await call(two.url, 'GET', '/api/notes', bearer(kept.token))).status).toBe(200);
});

it('a token is listed with its last use on every instance', async () => {
  const { one, two } = instances;
  const session = await signUp(one.url);
  const created = await createApiToken(one.url, session, ['notes:read']);
  expect((await call(two.url, 'GET', '/api/notes', bearer(created.token))).status).toBe(200);
  const listed = await call(one.url, 'GET', '/api/tokens', { token: session });
  expect(listed.json.results[0].timeLastUsed).toBeGreaterThanOrEqual(created.timeCreated);
});
