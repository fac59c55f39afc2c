import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from './helpers/api-client.js';
import { download, upload } from './helpers/attachment-client.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

const KIB = 1024;
/** As database-blobs.ts stores them: each row 256 KiB, read four rows at a time. */
const CHUNK = 256 * KIB;

let server: TestServer;

// Kept in the database on SQLite too, so both databases' reading of the rows is tried.
beforeAll(async () => {
  server = await startTestServer({
    attachments: { storage: 'database', limit: 4 * 1024 * KIB, quota: 16 * 1024 * KIB },
  });
});
afterAll(async () => server.close());

describe('files kept as rows of the database', () => {
  it('gives back every byte of a file many rows long, whole and in ranges across rows', async () => {
    const token = await signUp(server.url);
    // Random bytes: most are no valid text, so any decoding on the way would show.
    const bytes = randomBytes(9 * CHUNK + 1234);
    const stored = await upload(server.url, token, bytes, 'big.bin');
    expect(stored.status).toBe(201);
    const { id } = stored.json as { id: string };

    const whole = await download(server.url, id, { token });
    expect(whole.status).toBe(200);
    expect(whole.bytes.equals(bytes)).toBe(true);

    const ranges: Array<[number, number]> = [
      [0, 0],
      [CHUNK - 1, CHUNK], // across two rows
      [3 * CHUNK - 10, 5 * CHUNK + 10], // across the rows of two reads
      [4 * CHUNK, 8 * CHUNK - 1], // exactly the rows of one read
      [CHUNK + 7, bytes.length - 1], // to the end of the short last row
    ];
    for (const [start, end] of ranges) {
      const part = await download(server.url, id, { token, range: `bytes=${start}-${end}` });
      expect(part.status, `bytes ${start}-${end}`).toBe(206);
      expect(part.bytes.equals(bytes.subarray(start, end + 1)), `bytes ${start}-${end}`).toBe(true);
    }
  });

  it('keeps no row of a file refused after many of its rows were stored', async () => {
    const token = await signUp(server.url);
    const bytes = randomBytes(4 * 1024 * KIB + 1);
    // Undeclared length: the limit is only found out once most of the file is stored.
    const body = new ReadableStream({
      start(controller) {
        for (let at = 0; at < bytes.length; at += 64 * KIB) {
          controller.enqueue(bytes.subarray(at, at + 64 * KIB));
        }
        controller.close();
      },
    });
    const response = await fetch(`${server.url}/api/attachments?name=over.bin`, {
      method: 'POST',
      headers: { token },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(response.status, await response.clone().text()).toBe(413);
    const left = await server.database.db
      .selectFrom('attachment_chunks')
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('attachments')
              .select('id')
              .whereRef('attachments.id', '=', 'attachment_chunks.attachment_id')
              .where('sha256', 'is not', null),
          ),
        ),
      )
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    expect(Number(left.count)).toBe(0);
  });
});
