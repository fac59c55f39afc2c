import { afterEach, beforeEach, expect, it } from 'vitest';
import { call, createNote, signUp, updateNote } from './helpers/api-client.js';
import { createShare, ShareEventReader } from './helpers/share-client.js';
import { startTwoInstances, type TwoInstances } from './helpers/two-instances.js';

// Two instances over one database: a reader's page open on one hears what the owner does
// through the other, told over the database's notifications.
let instances: TwoInstances;
beforeEach(async () => {
  instances = await startTwoInstances(3_600_000);
});
afterEach(async () => instances?.close());

it('an edit made on one instance reaches a share page open on the other', async () => {
  const { one, two } = instances;
  const owner = await signUp(one.url);
  const note = await createNote(one.url, owner, 'Before');
  const { path } = await createShare(one.url, owner, note.id);
  const events = await ShareEventReader.open(`${two.url}${path}/events`);
  expect((await events.next()).data).toMatchObject({ body: 'Before' });
  await updateNote(one.url, owner, { ...note, body: 'After' });
  expect((await events.next()).data).toMatchObject({ body: 'After' });
  events.close();
});

it('a link revoked on one instance is 404 on the other at once, and its open page is told', async () => {
  const { one, two } = instances;
  const owner = await signUp(one.url);
  const note = await createNote(one.url, owner, 'Shared for now');
  const revoked = await createShare(one.url, owner, note.id);
  const kept = await createShare(one.url, owner, note.id);
  expect((await call(two.url, 'GET', revoked.path)).status).toBe(200);
  const events = await ShareEventReader.open(`${two.url}${revoked.path}/events`);
  const other = await ShareEventReader.open(`${two.url}${kept.path}/events`);
  await events.next();
  await other.next();

  expect(
    (await call(one.url, 'DELETE', `/api/shares/${revoked.id}`, { token: owner })).status,
  ).toBe(204);
  expect((await call(two.url, 'GET', revoked.path)).status).toBe(404);
  expect((await events.next()).event).toBe('gone');
  await events.end();
  expect(other.ended).toBe(false);
  expect((await call(two.url, 'GET', kept.path)).status).toBe(200);
  other.close();
});

it('views on both instances add up, each seen by the owner on either', async () => {
  const { one, two } = instances;
  const owner = await signUp(one.url);
  const note = await createNote(one.url, owner, 'Read widely');
  const { id, path } = await createShare(one.url, owner, note.id);
  for (const url of [one.url, two.url, two.url]) {
    expect((await call(url, 'GET', path)).status).toBe(200);
  }
  // Each instance stores its own views when its owner's list is read there.
  await call(two.url, 'GET', '/api/shares', { token: owner });
  const listed = await call(one.url, 'GET', '/api/shares', { token: owner });
  expect(listed.json.results[0]).toMatchObject({ id, views: 3 });
  await updateNote(one.url, owner, { ...note, body: 'Read widely, then changed' });
  expect((await call(two.url, 'GET', path)).text).toContain('then changed');
});
