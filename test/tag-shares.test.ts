import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SharedTagNote } from '../src/shared/shares.js';
import { call, createNote, signUp, updateNote } from './helpers/api-client.js';
import { PNG, upload } from './helpers/attachment-client.js';
import { createTagShare, ShareEventReader } from './helpers/share-client.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

const page = (path: string) => call(server.url, 'GET', path);

/** The note data a note page of a tag's link carries for its script. */
function pageData(html: string): SharedTagNote {
  const json = /<script type="application\/json" id="share-data">(.*?)<\/script>/s.exec(html)?.[1];
  if (json === undefined) throw new Error('no note data in the page');
  return JSON.parse(json) as SharedTagNote;
}

/** The note paths a tag's list page links to, in order. */
const listed = (html: string) =>
  [...html.matchAll(/href="([^"]*\/notes\/[^"]*)"/g)].map((m) => m[1]);

describe('a link to a tag', () => {
  it('lists the notes carrying the tag, in the list order, and names the tag as written', async () => {
    const owner = await signUp(server.url);
    const older = await createNote(server.url, owner, 'Packing list\n#Travel gear');
    const newer = await createNote(server.url, owner, 'Train times\nsee #travel');
    await createNote(server.url, owner, 'Groceries\n#home');
    await createNote(server.url, owner, 'Code\n`#travel` in code is no tag');
    const created = await createTagShare(server.url, owner, 'Travel');
    expect(created).toMatchObject({ noteId: null, tag: 'Travel', nestedTags: false });
    expect(created.title).toBe('#Travel');
    const answer = await page(created.path);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(answer.text).toContain('<title>#Travel</title>');
    expect(listed(answer.text)).toEqual([
      `${created.path}/notes/${newer.id}`,
      `${created.path}/notes/${older.id}`,
    ]);
    expect(answer.text).not.toContain('Groceries');
    expect(answer.text).not.toContain('Code');
    const listedLinks = await call(server.url, 'GET', '/api/shares', { token: owner });
    expect(listedLinks.json.results[0]).toMatchObject({ title: '#Travel', views: 1 });
  });

  it('takes in nested tags only when asked', async () => {
    const owner = await signUp(server.url);
    const top = await createNote(server.url, owner, 'Projects overview #projects');
    const work = await createNote(server.url, owner, 'Quarterly report #projects/work');
    await createNote(server.url, owner, 'Elsewhere #projectsold');
    const flat = await createTagShare(server.url, owner, 'projects');
    expect(listed((await page(flat.path)).text)).toEqual([`${flat.path}/notes/${top.id}`]);
    const nested = await createTagShare(server.url, owner, '#projects', { nestedTags: true });
    expect(nested.tag).toBe('projects');
    expect(listed((await page(nested.path)).text)).toEqual([
      `${nested.path}/notes/${work.id}`,
      `${nested.path}/notes/${top.id}`,
    ]);
    // A note of a nested tag is not shown by the link that leaves nested tags out.
    expect((await page(`${flat.path}/notes/${work.id}`)).status).toBe(404);
  });

  it('refuses what is not a tag, and answers 401 without a session, storing nothing', async () => {
    const owner = await signUp(server.url);
    for (const tag of ['', 'two words', '#', 'a#b', 'x'.repeat(201)]) {
      const answer = await call(server.url, 'POST', '/api/tags/shares', {
        token: owner,
        body: { tag },
      });
      expect(answer.status, tag).toBe(400);
      expect(answer.json.code).toBe('invalid_input');
    }
    const unsigned = await call(server.url, 'POST', '/api/tags/shares', { body: { tag: 'a' } });
    expect(unsigned.status).toBe(401);
    const links = await call(server.url, 'GET', '/api/shares', { token: owner });
    expect(links.json.results).toEqual([]);
  });

  it('opens a link between two shared notes within the link, and tells nothing of others', async () => {
    const owner = await signUp(server.url);
    const secret = await createNote(server.url, owner, 'Secret plans\nnot shared');
    const guide = await createNote(
      server.url,
      owner,
      'Guide\n#public See [[Glossary]] and [[Secret plans]]',
    );
    const glossary = await createNote(server.url, owner, 'Glossary\n#public Back to [[guide]]');
    const { path } = await createTagShare(server.url, owner, 'public');
    const shown = await page(`${path}/notes/${guide.id}`);
    expect(shown.status).toBe(200);
    expect(shown.text).toContain('<title>Guide</title>');
    const data = pageData(shown.text);
    expect(data.links).toEqual({ glossary: glossary.id, guide: guide.id });
    expect(shown.text).not.toContain(secret.id);
    // A note outside the link is 404 under it, as a note that never was.
    expect((await page(`${path}/notes/${secret.id}`)).status).toBe(404);
    expect((await page(`${path}/notes/no-such-note`)).status).toBe(404);
  });

  it('serves a shared note’s files under that note only', async () => {
    const owner = await signUp(server.url);
    const picture = (await upload(server.url, owner, PNG, 'map.png')).json;
    const mapNote = await createNote(
      server.url,
      owner,
      `Map #trip\n![map](/api/attachments/${picture.id})`,
    );
    const other = await createNote(server.url, owner, 'Days #trip');
    const { path } = await createTagShare(server.url, owner, 'trip');
    const file = await fetch(`${server.url}${path}/notes/${mapNote.id}/files/${picture.id}`);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer())).toEqual(PNG);
    expect((await fetch(`${server.url}${path}/notes/${other.id}/files/${picture.id}`)).status).toBe(
      404,
    );
    expect((await fetch(`${server.url}${path}/files/${picture.id}`)).status).toBe(404);
  });

  it('sends a shared note’s saves live, and says gone once it no longer carries the tag', async () => {
    const owner = await signUp(server.url);
    const note = await createNote(server.url, owner, 'Diary #open');
    const { path } = await createTagShare(server.url, owner, 'open');
    const events = await ShareEventReader.open(`${server.url}${path}/notes/${note.id}/events`);
    expect(events.status).toBe(200);
    expect((await events.next()).data).toMatchObject({ body: 'Diary #open' });
    const saved = await updateNote(server.url, owner, { ...note, body: 'Diary #open\nmore' });
    expect((await events.next()).data).toMatchObject({ body: 'Diary #open\nmore' });
    await updateNote(server.url, owner, { ...saved, body: 'Diary, private now' });
    expect((await events.next()).event).toBe('gone');
    await events.end();
    expect((await page(`${path}/notes/${note.id}`)).status).toBe(404);
  });

  it('keeps its page when the tag’s notes go to the trash, listing none, until revoked', async () => {
    const owner = await signUp(server.url);
    const note = await createNote(server.url, owner, 'Only one #lonely');
    const { path, id } = await createTagShare(server.url, owner, 'lonely');
    await call(server.url, 'DELETE', `/api/notes/${note.id}`, { token: owner });
    const empty = await page(path);
    expect(empty.status).toBe(200);
    expect(listed(empty.text)).toEqual([]);
    expect(empty.text).toContain('No note carries this tag now.');
    await call(server.url, 'DELETE', `/api/shares/${id}`, { token: owner });
    expect((await page(path)).status).toBe(404);
  });

  it('is another account’s to manage only by its owner', async () => {
    const owner = await signUp(server.url);
    const stranger = await signUp(server.url);
    await createNote(server.url, owner, 'Mine #mine');
    const { id, path } = await createTagShare(server.url, owner, 'mine');
    expect(
      (await call(server.url, 'DELETE', `/api/shares/${id}`, { token: stranger })).status,
    ).toBe(404);
    // The stranger's own notes with that tag are never shown by the owner's link.
    await createNote(server.url, stranger, 'Theirs #mine');
    expect((await page(path)).text).not.toContain('Theirs');
  });
});
