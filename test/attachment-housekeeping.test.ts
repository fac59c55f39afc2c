import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GRACE_SECONDS, openBlobs } from '../src/server/attachments/attachments.js';
import { ReferencesRead } from '../src/server/attachments/references-read.js';
import { removeUnreferencedFiles } from '../src/server/attachments/unreferenced-files.js';
import type { Db } from '../src/server/db/schema.js';
import { call, createNote, signUp, updateNote } from './helpers/api-client.js';
import { download, PNG, upload } from './helpers/attachment-client.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
let now = 1_800_000_000;
const DAY = 24 * 60 * 60;

beforeAll(async () => {
  server = await startTestServer({ app: { clock: () => now } });
});
afterAll(async () => server.close());

// One memory across passes, as the server keeps it.
const known = new ReferencesRead();

function housekeeping(db: Db = server.database.db) {
  const settings = server.config.attachments;
  if (!settings) throw new Error('attachments are off');
  return removeUnreferencedFiles(db, openBlobs(server.database, settings), {
    now,
    graceSeconds: GRACE_SECONDS,
    keepSeconds: KEEP_SECONDS,
    known,
  });
}

/** The query handle, counting the queries that read a note's or a version's text. */
function countingTextReads(): { db: Db; reads: () => number } {
  let reads = 0;
  const db = server.database.db.withPlugin({
    transformQuery(args) {
      const node = args.node;
      if (node.kind === 'SelectQueryNode' && JSON.stringify(node).includes('"body"')) reads += 1;
      return node;
    },
    transformResult: async (args) => args.result,
  });
  return { db, reads: () => reads };
}
const KEEP_SECONDS = 120 * 24 * 60 * 60;

/** Distinct one-pixel-ish files: a PNG with a different trailing byte each. */
const file = (seed: number) => Buffer.concat([PNG, Buffer.from([seed])]);
const reference = (id: string) => `![x](/api/attachments/${id})`;

describe('housekeeping', () => {
  it('keeps files a note, a trashed note or history refers to, and new uploads; removes the rest', async () => {
    const token = await signUp(server.url);
    const ids: string[] = [];
    for (const seed of [1, 2, 3, 4, 5]) {
      ids.push((await upload(server.url, token, file(seed), `${seed}.png`)).json.id);
    }
    const [inNote, inTrash, inHistory, unsaved, stale] = ids as [
      string,
      string,
      string,
      string,
      string,
    ];
    await createNote(server.url, token, `Look: ${reference(inNote)}`);
    const trashed = await createNote(server.url, token, reference(inTrash));
    expect((await call(server.url, 'DELETE', `/api/notes/${trashed.id}`, { token })).status).toBe(
      204,
    );
    const edited = await createNote(server.url, token, `before ${reference(inHistory)} after`);
    now += 60; // the first text stood long enough to be kept in history
    await updateNote(server.url, token, { ...edited, body: 'before after' });

    now += DAY;
    expect((await housekeeping()).removed).toBe(0);

    now += GRACE_SECONDS;
    const freshUpload = (await upload(server.url, token, file(6), '6.png')).json.id;
    expect(await housekeeping()).toEqual({ removed: 2, accountsGone: 0 });
    const status = async (id: string) => (await download(server.url, id, { token })).status;
    expect(await status(inNote)).toBe(200);
    expect(await status(inTrash)).toBe(200);
    expect(await status(inHistory)).toBe(200);
    expect(await status(freshUpload)).toBe(200);
    expect(await status(unsaved)).toBe(404);
    expect(await status(stale)).toBe(404);
  });

  it("gives a file uploaded again a new upload's grace, so a note saved after it finds the file", async () => {
    const token = await signUp(server.url);
    const first = (await upload(server.url, token, file(30), 'again.png')).json.id;
    now += 8 * DAY;
    const again = (await upload(server.url, token, file(30), 'again.png')).json.id;
    expect(again).toBe(first);
    await housekeeping();
    await createNote(server.url, token, `Photo: ${reference(again)}`);
    expect((await download(server.url, again, { token })).status).toBe(200);
  });

  it('keeps a file once referred to as long as history may show it, though no row holds it whole', async () => {
    const token = await signUp(server.url);
    const id = (await upload(server.url, token, file(9), '9.png')).json.id;
    const status = async () => (await download(server.url, id, { token })).status;
    const note = await createNote(server.url, token, `Photo: ${reference(id)}`);
    now += GRACE_SECONDS + DAY;
    await housekeeping(); // finds it in the note
    now += 60;
    await updateNote(server.url, token, { ...note, body: 'Photo gone' });
    // As when history keeps the text only as ways back that split the reference between them.
    await server.database.db.deleteFrom('note_versions').where('note_id', '=', note.id).execute();
    now += 30 * DAY;
    await housekeeping();
    expect(await status()).toBe(200);
    now += KEEP_SECONDS;
    await housekeeping();
    expect(await status()).toBe(404);
  });

  it("removes a deleted account's files with it", async () => {
    const token = await signUp(server.url);
    const { json } = await upload(server.url, token, file(20), 'mine.png');
    await createNote(server.url, token, reference(json.id));
    const settings = server.config.attachments;
    const folders = () =>
      settings && settings.storage === 'disk' && fs.existsSync(settings.dir)
        ? fs.readdirSync(settings.dir)
        : [];
    const before = folders();
    const deleted = await call(server.url, 'DELETE', '/api/account', {
      token,
      body: { password: 'correct horse' },
    });
    expect(deleted.status).toBe(204);
    const { db } = server.database;
    const left = await db
      .selectFrom('attachments')
      .select('id')
      .where('id', '=', json.id)
      .execute();
    expect(left).toEqual([]);
    expect(
      await db
        .selectFrom('attachment_chunks')
        .select('seq')
        .where('attachment_id', '=', json.id)
        .execute(),
    ).toEqual([]);
    if (settings && settings.storage === 'disk') {
      expect(before.length).toBe(folders().length + 1);
      expect(
        fs.existsSync(path.join(settings.dir, before.find((f) => !folders().includes(f)) ?? '')),
      ).toBe(false);
    }
  });

  it("reads an account's texts again only once its notes changed, and keeps what they hold", async () => {
    const token = await signUp(server.url);
    const status = async (id: string) => (await download(server.url, id, { token })).status;
    const first = (await upload(server.url, token, file(30), '30.png')).json.id;
    const note = await createNote(server.url, token, `Photo: ${reference(first)}`);
    now += GRACE_SECONDS + DAY;
    const counted = countingTextReads();
    await housekeeping(counted.db);
    expect(counted.reads()).toBeGreaterThan(0);

    const unchanged = countingTextReads();
    now += KEEP_SECONDS + DAY; // long past any window: only the note's reference keeps the file
    expect((await housekeeping(unchanged.db)).removed).toBe(0);
    expect(unchanged.reads()).toBe(0);
    expect(await status(first)).toBe(200);

    const second = (await upload(server.url, token, file(31), '31.png')).json.id;
    now += 60;
    await updateNote(server.url, token, { ...note, body: `Photo: ${reference(second)}` });
    now += GRACE_SECONDS + DAY;
    const changed = countingTextReads();
    await housekeeping(changed.db);
    expect(changed.reads()).toBeGreaterThan(0);
    expect(await status(second)).toBe(200);
    expect(await status(first)).toBe(200);

    now += KEEP_SECONDS + DAY;
    const after = countingTextReads();
    await housekeeping(after.db);
    expect(after.reads()).toBe(0);
    expect(await status(second)).toBe(200);
    expect(await status(first)).toBe(200); // the note's history still shows it
  });
});
