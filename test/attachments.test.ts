import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createNote, signUp, updateNote } from './helpers/api-client.js';
import { download, heldUpload, PDF, PNG, upload } from './helpers/attachment-client.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

const KIB = 1024;
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ attachments: { limit: 256 * KIB, quota: 600 * KIB } });
});
afterAll(async () => server.close());

/** Bytes that no other test uploads, so dedupe does not join them. */
const uniqueBytes = (size: number, seed: number) =>
  Buffer.from(
    Array.from({ length: size }, (_, index) => (index * 31 + seed * 7 + (index >> 8)) % 251),
  );

describe('uploading', () => {
  it('answers 201 with the id, the name, the type read from the bytes, and the size', async () => {
    const token = await signUp(server.url);
    const answer = await upload(server.url, token, PNG, 'dot.png');
    expect(answer.status).toBe(201);
    expect(answer.json).toEqual({
      id: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
      name: 'dot.png',
      type: 'image/png',
      size: PNG.length,
    });
  });

  it('keeps only the last part of a name with folders in it', async () => {
    const token = await signUp(server.url);
    const answer = await upload(server.url, token, PDF, '../../etc/report.pdf');
    expect(answer.json).toMatchObject({ name: 'report.pdf', type: 'application/pdf' });
  });

  it('stores the same bytes once per account: a second upload answers the first id', async () => {
    const token = await signUp(server.url);
    const bytes = uniqueBytes(100 * KIB, 1);
    const first = await upload(server.url, token, bytes, 'a.bin');
    const second = await upload(server.url, token, bytes, 'b.bin');
    expect(second.status).toBe(201);
    expect(second.json.id).toBe(first.json.id);
    const usage = await call(server.url, 'GET', '/api/attachments/usage', { token });
    expect(usage.json).toEqual({ used: 100 * KIB, quota: 600 * KIB, limit: 256 * KIB });
    // Another account uploading the same bytes gets an attachment of its own.
    const other = await signUp(server.url);
    const theirs = await upload(server.url, other, bytes, 'a.bin');
    expect(theirs.json.id).not.toBe(first.json.id);
  });

  it('is 401 without a token, and nothing is stored', async () => {
    const answer = await upload(server.url, undefined, PNG);
    expect(answer.status).toBe(401);
    expect(answer.json).toMatchObject({ code: 'unauthorized' });
  });

  it('refuses an empty file with 400', async () => {
    const token = await signUp(server.url);
    const answer = await upload(server.url, token, Buffer.alloc(0), 'empty.txt');
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({ code: 'invalid_input', error: 'The file is empty' });
  });

  it('takes a file of exactly the limit, and refuses one byte more with 413', async () => {
    const token = await signUp(server.url);
    const exact = await upload(server.url, token, uniqueBytes(256 * KIB, 2));
    expect(exact.status).toBe(201);
    const over = await upload(server.url, token, uniqueBytes(256 * KIB + 1, 3));
    expect(over.status).toBe(413);
    expect(over.json).toEqual({ code: 'too_large', error: 'A file may be at most 256 KiB' });
    const usage = await call(server.url, 'GET', '/api/attachments/usage', { token });
    expect(usage.json.used).toBe(256 * KIB);
  });

  it('refuses a body over the limit that does not declare its length, as it arrives', async () => {
    const token = await signUp(server.url);
    const bytes = uniqueBytes(300 * KIB, 4);
    const stream = new ReadableStream({
      start(controller) {
        for (let at = 0; at < bytes.length; at += 16 * KIB) {
          controller.enqueue(bytes.subarray(at, at + 16 * KIB));
        }
        controller.close();
      },
    });
    const response = await fetch(`${server.url}/api/attachments?name=big.bin`, {
      method: 'POST',
      headers: { token },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ code: 'too_large' });
    const usage = await call(server.url, 'GET', '/api/attachments/usage', { token });
    expect(usage.json.used).toBe(0);
  });

  it('refuses what would pass the quota with 413 quota_exceeded, and keeps what was stored', async () => {
    const token = await signUp(server.url);
    for (const seed of [10, 11]) {
      expect((await upload(server.url, token, uniqueBytes(250 * KIB, seed))).status).toBe(201);
    }
    const over = await upload(server.url, token, uniqueBytes(200 * KIB, 12));
    expect(over.status).toBe(413);
    expect(over.json).toEqual({
      code: 'quota_exceeded',
      error: 'This file would take the account past its storage quota',
    });
    const usage = await call(server.url, 'GET', '/api/attachments/usage', { token });
    expect(usage.json.used).toBe(500 * KIB);
  });

  it('counts uploads under way against the quota: held open, they cannot pass it', async () => {
    const token = await signUp(server.url);
    const uploads = Array.from({ length: 10 }, (_, seed) =>
      heldUpload(server.url, token, uniqueBytes(200 * KIB, 20 + seed)),
    );
    // Six hundred KiB hold three of them: the others are refused before their last byte.
    const early: unknown[] = [];
    await new Promise<void>((resolve) => {
      for (const { answer } of uploads) {
        void answer.then((reply) => {
          early.push(reply);
          if (early.length === 7) resolve();
        });
      }
    });
    expect(early).toEqual(
      Array(7).fill({ status: 413, json: expect.objectContaining({ code: 'quota_exceeded' }) }),
    );
    for (const upload of uploads) if (!upload.answered()) upload.finish();
    const answers = await Promise.all(uploads.map((upload) => upload.answer));
    const stored = answers.filter((reply) => reply.status === 201).length;
    // A refusal is a 413, or a connection closed before its answer could be read (status 0);
    // what the account holds below shows that none of those was stored.
    const refused = answers.filter((reply) => reply.status === 413 || reply.status === 0);
    expect(stored + refused.length).toBe(10);
    expect(stored).toBeLessThanOrEqual(3);
    const usage = await call(server.url, 'GET', '/api/attachments/usage', { token });
    expect(usage.json.used).toBe(stored * 200 * KIB);
    // Nothing under way is counted any more: what is left of the quota can be used.
    const next = await upload(server.url, token, uniqueBytes(200 * KIB, 30));
    expect(next.status).toBe(stored < 3 ? 201 : 413);
  });
});

describe('downloading', () => {
  it('gives the bytes with their type, an ETag and long private caching', async () => {
    const token = await signUp(server.url);
    const { json } = await upload(server.url, token, PNG, 'dot.png');
    const answer = await download(server.url, json.id, { token });
    expect(answer.status).toBe(200);
    expect(answer.bytes.equals(PNG)).toBe(true);
    expect(answer.headers.get('content-type')).toBe('image/png');
    expect(answer.headers.get('content-length')).toBe(String(PNG.length));
    expect(answer.headers.get('etag')).toMatch(/^"[0-9a-f]{64}"$/);
    expect(answer.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    expect(answer.headers.get('content-disposition')).toBe(
      `inline; filename="dot.png"; filename*=UTF-8''dot.png`,
    );
    const again = await download(server.url, json.id, {
      token,
      'if-none-match': answer.headers.get('etag') ?? '',
    });
    expect(again.status).toBe(304);
    expect(again.bytes.length).toBe(0);
  });

  it('answers byte ranges with 206, and a range past the end with 416', async () => {
    const token = await signUp(server.url);
    const bytes = uniqueBytes(200 * KIB, 20);
    const { json } = await upload(server.url, token, bytes);
    const middle = await download(server.url, json.id, { token, range: 'bytes=1000-1999' });
    expect(middle.status).toBe(206);
    expect(middle.headers.get('content-range')).toBe(`bytes 1000-1999/${bytes.length}`);
    expect(middle.bytes.equals(bytes.subarray(1000, 2000))).toBe(true);
    const tail = await download(server.url, json.id, { token, range: 'bytes=-100' });
    expect(tail.bytes.equals(bytes.subarray(bytes.length - 100))).toBe(true);
    const from = await download(server.url, json.id, { token, range: `bytes=${150 * KIB}-` });
    expect(from.bytes.equals(bytes.subarray(150 * KIB))).toBe(true);
    const past = await download(server.url, json.id, { token, range: 'bytes=999999-' });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${bytes.length}`);
  });

  it("is 404 for another account's attachment, exactly as for an unknown one", async () => {
    const owner = await signUp(server.url);
    const { json } = await upload(server.url, owner, PNG);
    const stranger = await signUp(server.url);
    const theirs = await download(server.url, json.id, { token: stranger });
    const unknown = await download(server.url, 'A'.repeat(22), { token: stranger });
    const malformed = await download(server.url, '..%2F..%2Fquire.db', { token: stranger });
    expect([theirs.status, unknown.status, malformed.status]).toEqual([404, 404, 404]);
    expect(theirs.bytes.toString()).toBe(unknown.bytes.toString());
  });

  it('is 401 without a token or access cookie', async () => {
    const token = await signUp(server.url);
    const { json } = await upload(server.url, token, PNG);
    expect((await download(server.url, json.id)).status).toBe(401);
    expect((await download(server.url, json.id, { token: 'wrong' })).status).toBe(401);
    const garbled = await download(server.url, json.id, { cookie: 'quire_attachments=%E0%A4%A' });
    expect(garbled.status).toBe(401);
  });

  it('lets the access cookie load an attachment until the session ends', async () => {
    const token = await signUp(server.url);
    const { json } = await upload(server.url, token, PNG);
    const access = await fetch(`${server.url}/api/attachments/access`, {
      method: 'POST',
      headers: { token },
    });
    expect(access.status).toBe(204);
    const setCookie = access.headers.get('set-cookie') ?? '';
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Strict');
    expect(setCookie).toContain('Path=/api/attachments/');
    const cookie = setCookie.split(';')[0] ?? '';
    expect((await download(server.url, json.id, { cookie })).status).toBe(200);
    // The cookie opens nothing else: the note list still wants the header.
    expect((await call(server.url, 'GET', '/api/notes', { headers: { cookie } })).status).toBe(401);
    await call(server.url, 'POST', '/api/logout', { token });
    expect((await download(server.url, json.id, { cookie })).status).toBe(401);
  });

  it('has the browser drop the attachments it cached when the account signs out', async () => {
    const token = await signUp(server.url);
    const dropped = await call(server.url, 'DELETE', '/api/attachments/access');
    expect(dropped.status).toBe(204);
    expect(dropped.headers.get('clear-site-data')).toBe('"cache"');
    const logout = await call(server.url, 'POST', '/api/logout', { token });
    expect(logout.status).toBe(204);
    expect(logout.headers.get('clear-site-data')).toBe('"cache"');
  });

  it('keeps a note that refers to an attachment readable with it after a save', async () => {
    const token = await signUp(server.url);
    const { json } = await upload(server.url, token, PNG, 'dot.png');
    const note = await createNote(server.url, token, `![dot.png](/api/attachments/${json.id})`);
    await updateNote(server.url, token, { ...note, body: `${note.body}\nmore` });
    expect((await download(server.url, json.id, { token })).status).toBe(200);
  });
});

describe('HEAD', () => {
  it('answers the type and size without the bytes', async () => {
    const token = await signUp(server.url);
    const { json } = await upload(server.url, token, PDF, 'a.pdf');
    const response = await fetch(`${server.url}/api/attachments/${json.id}`, {
      method: 'HEAD',
      headers: { token },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-length')).toBe(String(PDF.length));
    expect((await response.arrayBuffer()).byteLength).toBe(0);
  });
});
