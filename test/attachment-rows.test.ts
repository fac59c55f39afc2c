import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from './helpers/api-client.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

const KIB = 1024;
let server: TestServer;

// Kept in the database on SQLite too, so both databases' reading of the rows is tried.
beforeAll(async () => {
  server = await startTestServer({
    attachments: { storage: 'database', limit: 4 * 1024 * KIB, quota: 16 * 1024 * KIB },
  });
});
afterAll(async () => server.close());

describe('files kept as rows of the database', () => {
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
