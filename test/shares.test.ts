import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createNote, signUp, updateNote } from './helpers/api-client.js';
import { PDF, PNG, upload } from './helpers/attachment-client.js';
import { createShare, ShareEventReader } from './helpers/share-client.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

// A clock the tests move, for expiry; everything else runs as in production.
let now = Math.floor(Date.now() / 1000);
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ app: { clock: () => now } });
});
afterAll(async () => server.close());

const page = (path: string, headers: Record<string, string> = {}) =>
  call(server.url, 'GET', path, { headers });

describe('making a link', () => {
  it('answers the page path once, lists the link without its token, and stores only its hash', async () => {
    const owner = await signUp(server.url);
    const note = await createNote(server.url, owner, '# Trip plan\nTrains at 9');
    const created = await createShare(server.url, owner, note.id);
    expect(created.path).toMatch(/^\/s\/[A-Za-z0-9_-]{43}$/);
    const token = created.path.slice(3);
    expect(created).toMatchObject({
      noteId: note.id,
      title: '# Trip plan',
      hint: token.slice(0, 6),
      timeExpires: null,
      hasPassword: false,
      allowSearchEngines: false,
      views: 0,
      timeLastView: null,
    });
    const listed = await call(server.url, 'GET', '/api/shares', { token: owner });
    expect(listed.status).toBe(200);
    const { path: _path, ...info } = created;
    expect(listed.json.results).toEqual([info]);
    expect(listed.text).not.toContain(token);
    const row = await server.database.db
      .selectFrom('shares')
      .selectAll()
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it('refuses a past expiry, unknown fields and notes not in the list, storing nothing', async () => {
    const owner = await signUp(server.url);
    const note = await createNote(server.url, owner, 'text');
    const make = (id: string, body: unknown) =>
      call(server.url, 'POST', `/api/notes/${id}/shares`, { token: owner, body });
    for (const body of [
      { timeExpires: now - 1 },
      { owner: 'x' },
      { password: '' },
      { allowSearchEngines: 'yes' },
    ]) {
      const answer = await make(note.id, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.json.code).toBe('invalid_input');
    }
    expect((await make('no-such-note', {})).status).toBe(404);
    expect(
      (await call(server.url, 'POST', `/api/notes/${note.id}/shares`, { body: {} })).status,
    ).toBe(401);
    const listed = await call(server.url, 'GET', '/api/shares', { token: owner });
    expect(listed.json.results).toEqual([]);
  });
});

describe('the page', () => {
  it('shows the note to anyone, kept from search engines by default, and counts the view', async () => {
    const owner = await signUp(server.url);
    const note = await createNote(server.url, owner, 'Hello <script>alert(1)</script> there');
    const { path, id } = await createShare(server.url, owner, note.id);
    const answer = await page(path);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
    expect(answer.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(answer.text).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const policy = answer.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("form-action 'none'");
    // The text is there, escaped: nothing the note holds runs.
    expect(answer.text).toContain('Hello &#60;script&#62;alert(1)&#60;/script&#62; there');
    expect(answer.text).not.toContain('<script>alert');
    // Nothing of the owner's account is on the page.
    expect(answer.text).not.toContain(owner);
    expect(answer.text).not.toContain(note.id);
    const listed = await call(server.url, 'GET', '/api/shares', { token: owner });
    expect(listed.json.results.find((each: { id: string }) => each.id === id)).toMatchObject({
      views: 1,
      timeLastView: now,
    });
  });

  it('lets search engines in when the owner allows it', async () => {
    const owner = await signUp(server.url);
    const note = await createNote(server.url, owner, 'Public recipe');
    const { path } = await createShare(server.url, owner, note.id, { allowSearchEngines: true });
    const answer = await page(path);
    expect(answer.headers.get('x-robots-tag')).toBe('all');
    expect(answer.text).not.toContain('noindex');
  });

  it('shows the text as last saved and the owner’s latest choice, however often it is read', async () => {
    const owner = await signUp(server.url);
    const note = await createNote(server.url, owner, 'First draft');
    const { id, path } = await createShare(server.url, owner, note.id);
    expect((await page(path)).text).toContain('First draft');
    expect((await page(path)).text).toContain('First draft');
    await updateNote(server.url, owner, { ...note, body: 'Second draft' });
    const edited = await page(path);
    expect(edited.text).toContain('Second draft');
    expect(edited.text).not.toContain('First draft');
    expect(edited.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    await call(server.url, 'PATCH', `/api/shares/${id}`, {
      token: owner,
      body: { allowSearchEngines: true },
    });
    const indexable = await page(path);
    expect(indexable.headers.get('x-robots-tag')).toBe('all');
    expect(indexable.text).not.toContain('noindex');
    expect(indexable.text).toContain('Second draft');
    const listed = await call(server.url, 'GET', '/api/shares', { token: owner });
    expect(listed.json.results[0]).toMatchObject({ id, views: 4 });
  });

  it('answers 404 for tokens never made, of any shape', async () => {
    for (const path of ['/s/abc', `/s/${'A'.repeat(43)}`, '/s/%3Cscript%3E']) {
      const answer = await page(path);
      expect(answer.status, path).toBe(404);
      expect(answer.text).toContain('This link does not work');
    }
  });

  it('stops at its expiry, as the server clock tells', async () => {
    const owner = await signUp(server.url);
    const note = await createNote(server.url, owner, 'For a day');
    const { path } = await createShare(server.url, owner, note.id, { timeExpires: now + 60 });
    expect((await page(path)).status).toBe(200);
    now += 61;
    expect((await page(path)).status).toBe(404);
    // Expired links stay listed, so their owner sees why.
    const listed = await call(server.url, 'GET', '/api/shares', { token: owner });
    expect(listed.json.results).toHaveLength(1);
  });
});

describe('managing links', () => {
  it('changes a link’s options, and only its owner may', async () => {
    const owner = await signUp(server.url);
    const other = await signUp(server.url);
    const note = await createNote(server.url, owner, 'Mine');
    const { id, path } = await createShare(server.url, owner, note.id);
    const changed = await call(server.url, 'PATCH', `/api/shares/${id}`, {
      token: owner,
      body: { allowSearchEngines: true, timeExpires: now + 3600 },
    });
    expect(changed.status).toBe(200);
    expect(changed.json).toMatchObject({ allowSearchEngines: true, timeExpires: now + 3600 });
    for (const [method, route, body] of [
      ['PATCH', `/api/shares/${id}`, { allowSearchEngines: false }],
      ['DELETE', `/api/shares/${id}`, undefined],
    ] as const) {
      expect((await call(server.url, method, route, { token: other, body })).status).toBe(404);
    }
    expect((await call(server.url, 'GET', '/api/shares', { token: other })).json.results).toEqual(
      [],
    );
    expect(
      (await call(server.url, 'POST', `/api/notes/${note.id}/shares`, { token: other, body: {} }))
        .status,
    ).toBe(404);
    expect((await page(path)).status).toBe(200);
    const unknown = await call(server.url, 'PATCH', '/api/shares/nothing', {
      token: owner,
      body: {},
    });
    expect(unknown.status).toBe(404);
  });

  it('revokes one link or all of them, and a revoked link is 404 at once', async () => {
    const owner = await signUp(server.url);
    const note = await createNote(server.url, owner, 'Revocable');
    const first = await createShare(server.url, owner, note.id);
    const second = await createShare(server.url, owner, note.id);
    const third = await createShare(server.url, owner, note.id);
    expect(
      (await call(server.url, 'DELETE', `/api/shares/${first.id}`, { token: owner })).status,
    ).toBe(204);
    expect((await page(first.path)).status).toBe(404);
    expect((await page(second.path)).status).toBe(200);
    expect(
      (await call(server.url, 'DELETE', `/api/shares/${first.id}`, { token: owner })).status,
    ).toBe(404);
    expect((await call(server.url, 'DELETE', '/api/shares', { token: owner })).status).toBe(204);
    expect((await page(second.path)).status).toBe(404);
    expect((await page(third.path)).status).toBe(404);
    expect((await call(server.url, 'GET', '/api/shares', { token: owner })).json.results).toEqual(
      [],
    );
  });

  it('loses a note’s links when it goes to the trash; restoring it does not bring them back', async () => {
    const owner = await signUp(server.url);
    const note = await createNote(server.url, owner, 'Soon gone');
    const { path } = await createShare(server.url, owner, note.id);
    expect(
      (await call(server.url, 'DELETE', `/api/notes/${note.id}`, { token: owner })).status,
    ).toBe(204);
    expect((await page(path)).status).toBe(404);
    const restored = await call(server.url, 'POST', `/api/trash/${note.id}/restore`, {
      token: owner,
    });
    expect(restored.status).toBe(200);
    expect((await page(path)).status).toBe(404);
    expect((await call(server.url, 'GET', '/api/shares', { token: owner })).json.results).toEqual(
      [],
    );
  });
});

describe('files on a shared note', () => {
  it('serves the files the note refers to, and no other of the owner’s', async () => {
    const owner = await signUp(server.url);
    const shown = (await upload(server.url, owner, PNG, 'shown.png')).json;
    const hidden = (await upload(server.url, owner, PDF, 'other.pdf')).json;
    const note = await createNote(server.url, owner, `![a picture](/api/attachments/${shown.id})`);
    const { path } = await createShare(server.url, owner, note.id);
    const file = await fetch(`${server.url}${path}/files/${shown.id}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await file.arrayBuffer())).toEqual(PNG);
    expect((await fetch(`${server.url}${path}/files/${hidden.id}`)).status).toBe(404);
    // The owner's own address does not open without the owner's token.
    expect((await fetch(`${server.url}/api/attachments/${shown.id}`)).status).toBe(401);
    await call(server.url, 'DELETE', '/api/shares', { token: owner });
    expect((await fetch(`${server.url}${path}/files/${shown.id}`)).status).toBe(404);
  });
});

describe('the page live', () => {
  it('sends each saved change, and says gone when the link is revoked', async () => {
    const owner = await signUp(server.url);
    const note = await createNote(server.url, owner, 'First words');
    const { path, id } = await createShare(server.url, owner, note.id);
    const events = await ShareEventReader.open(`${server.url}${path}/events`);
    expect(events.status).toBe(200);
    expect((await events.next()).data).toMatchObject({
      body: 'First words',
      revision: note.revision,
    });
    await updateNote(server.url, owner, { ...note, body: 'Second words' });
    expect((await events.next()).data).toMatchObject({ body: 'Second words' });
    await call(server.url, 'DELETE', `/api/shares/${id}`, { token: owner });
    expect((await events.next()).event).toBe('gone');
    await events.end();
    expect((await ShareEventReader.open(`${server.url}${path}/events`)).status).toBe(404);
  });

  it('says gone when the note goes to the trash', async () => {
    const owner = await signUp(server.url);
    const note = await createNote(server.url, owner, 'Trashed soon');
    const { path } = await createShare(server.url, owner, note.id);
    const events = await ShareEventReader.open(`${server.url}${path}/events`);
    await events.next();
    await call(server.url, 'DELETE', `/api/notes/${note.id}`, { token: owner });
    expect((await events.next()).event).toBe('gone');
  });
});

describe('a password on a link', () => {
  it('asks for it before the note shows, and a cookie for that link alone keeps it open', async () => {
    const owner = await signUp(server.url);
    const note = await createNote(server.url, owner, 'Behind a password');
    const { path, id } = await createShare(server.url, owner, note.id, { password: 'open sesame' });
    const locked = await page(path);
    expect(locked.status).toBe(401);
    expect(locked.text).toContain('This note is protected');
    expect(locked.text).not.toContain('Behind a password');
    expect((await ShareEventReader.open(`${server.url}${path}/events`)).status).toBe(404);

    const wrong = await call(server.url, 'POST', `${path}/unlock`, { body: { password: 'nope' } });
    expect(wrong.status).toBe(403);
    expect(wrong.json.code).toBe('wrong_password');
    expect(wrong.headers.get('set-cookie')).toBeNull();
    const right = await call(server.url, 'POST', `${path}/unlock`, {
      body: { password: 'open sesame' },
    });
    expect(right.status).toBe(204);
    const cookie = right.headers.get('set-cookie') ?? '';
    expect(cookie).toContain(`Path=${path}`);
    expect(cookie).toContain('HttpOnly');
    const proof = cookie.split(';')[0] as string;
    const opened = await page(path, { cookie: proof });
    expect(opened.status).toBe(200);
    expect(opened.text).toContain('Behind a password');

    // A new password ends what the old one opened.
    await call(server.url, 'PATCH', `/api/shares/${id}`, {
      token: owner,
      body: { password: 'another one' },
    });
    expect((await page(path, { cookie: proof })).status).toBe(401);
    await call(server.url, 'PATCH', `/api/shares/${id}`, {
      token: owner,
      body: { password: null },
    });
    expect((await page(path)).status).toBe(200);
  });
});

describe('with wrong passwords throttled', () => {
  let throttled: TestServer;
  beforeAll(async () => {
    throttled = await startTestServer({ config: { authRateLimit: 3 } });
  });
  afterAll(async () => throttled.close());

  it('refuses guesses past the limit with 429, even the right one, and leaves other links be', async () => {
    const owner = await signUp(throttled.url);
    const note = await createNote(throttled.url, owner, 'Guarded');
    const guarded = await createShare(throttled.url, owner, note.id, { password: 'right one' });
    const neighbour = await createShare(throttled.url, owner, note.id, { password: 'right one' });
    const unlock = (path: string, password: string) =>
      call(throttled.url, 'POST', `${path}/unlock`, { body: { password } });
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await unlock(guarded.path, `guess ${attempt}`)).status).toBe(403);
    }
    const refused = await unlock(guarded.path, 'right one');
    expect(refused.status).toBe(429);
    expect(refused.json.code).toBe('rate_limited');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await unlock(neighbour.path, 'right one')).status).toBe(204);
  });
});

describe('with SHARE_RATE_LIMIT', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({ config: { shareRateLimit: 4 } });
  });
  afterAll(async () => limited.close());

  it('refuses a client past its share requests a minute, pages, streams and files together', async () => {
    const owner = await signUp(limited.url);
    const note = await createNote(limited.url, owner, 'Popular');
    const { path } = await createShare(limited.url, owner, note.id);
    for (const suffix of ['', '', '/files/none', '']) {
      expect((await call(limited.url, 'GET', `${path}${suffix}`)).status).not.toBe(429);
    }
    const refused = await call(limited.url, 'GET', path);
    expect(refused.status).toBe(429);
    expect(refused.json.code).toBe('rate_limited');
    // The owner's own calls are not share requests.
    expect((await call(limited.url, 'GET', '/api/shares', { token: owner })).status).toBe(200);
  });
});

describe('with SHARING=false', () => {
  let off: TestServer;
  beforeAll(async () => {
    off = await startTestServer({ config: { sharing: false } });
  });
  afterAll(async () => off.close());

  it('has no share routes or pages at all', async () => {
    const owner = await signUp(off.url);
    const note = await createNote(off.url, owner, 'Private');
    const made = await call(off.url, 'POST', `/api/notes/${note.id}/shares`, {
      token: owner,
      body: {},
    });
    expect(made.status).toBe(404);
    expect((await call(off.url, 'GET', '/api/shares', { token: owner })).status).toBe(404);
    expect((await call(off.url, 'GET', `/s/${'A'.repeat(43)}`)).status).toBe(404);
  });
});
