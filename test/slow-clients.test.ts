import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { signUp } from './helpers/api-client.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** Short limits, so a slow client meets them soon; the import keeps a long one. */
const TIMEOUTS = { requestTimeoutMs: 400, connectionTimeoutMs: 400, importTimeoutMs: 30_000 };

interface SlowAnswer {
  status: number | undefined;
  text: string;
  /** How many of the pieces were sent before the server answered or closed. */
  piecesSent: number;
}

/**
 * Sends `head` at once, then `pieces` one every `everyMs`, as a slow client would, and
 * resolves once the server has closed the connection (or has answered, when `untilAnswered`).
 */
function sendSlowly(
  baseUrl: string,
  head: string,
  pieces: string[],
  everyMs: number,
  untilAnswered = false,
): Promise<SlowAnswer> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let piecesSent = 0;
    let drip: NodeJS.Timeout | undefined;
    const socket = net.connect(Number(port), hostname, () => {
      socket.write(head);
      drip = setInterval(() => {
        const piece = pieces[piecesSent];
        if (piece === undefined || socket.destroyed) return;
        piecesSent += 1;
        socket.write(piece);
      }, everyMs);
    });
    const finish = () => {
      clearInterval(drip);
      socket.destroy();
      const text = Buffer.concat(chunks).toString('utf8');
      const status = /^HTTP\/1\.1 (\d{3})/.exec(text)?.[1];
      resolve({ status: status === undefined ? undefined : Number(status), text, piecesSent });
    };
    socket.on('data', (chunk) => {
      chunks.push(chunk);
      const text = Buffer.concat(chunks).toString('utf8');
      const length = /content-length: (\d+)/i.exec(text)?.[1];
      const head = text.indexOf('\r\n\r\n');
      if (untilAnswered && length && head >= 0 && text.length >= head + 4 + Number(length)) {
        finish();
      }
    });
    socket.on('close', finish);
    socket.on('error', () => {}); // a reset still ends in 'close'
  });
}

/** Header lines without end, as a client that never finishes its headers sends them. */
const endlessHeaders = Array.from({ length: 10_000 }, (_, index) => `X-Slow-${index}: a\r\n`);

describe('slow clients', () => {
  it('cuts off a client that sends its headers slowly, with 408', async () => {
    server = await startTestServer({ config: TIMEOUTS });
    const answer = await sendSlowly(
      server.url,
      'GET /api/config HTTP/1.1\r\nHost: quire.test\r\n',
      endlessHeaders,
      50,
    );
    expect(answer.status).toBe(408);
    expect(answer.text).toContain('"code":"timeout"');
    expect(answer.piecesSent).toBeLessThan(endlessHeaders.length);
  });

  it('cuts off a client that sends a body slowly, with 408', async () => {
    server = await startTestServer({ config: TIMEOUTS });
    const token = await signUp(server.url);
    const body = JSON.stringify({ body: 'typed very slowly' });
    const answer = await sendSlowly(
      server.url,
      'POST /api/notes HTTP/1.1\r\nHost: quire.test\r\nContent-Type: application/json\r\n' +
        `Token: ${token}\r\nContent-Length: ${body.length}\r\n\r\n`,
      [...body],
      100,
    );
    expect(answer.status).toBe(408);
    expect(answer.piecesSent).toBeLessThan(body.length);
    const list = await fetch(`${server.url}/api/notes`, { headers: { token } });
    expect(((await list.json()) as { results: unknown[] }).results).toEqual([]);
  });

  it('closes a connection that sends nothing', async () => {
    server = await startTestServer({ config: TIMEOUTS });
    const answer = await sendSlowly(server.url, '', [], 1_000);
    expect(answer.piecesSent).toBe(0);
  });

  it('gives an import upload longer than other requests', async () => {
    server = await startTestServer({ config: TIMEOUTS });
    const token = await signUp(server.url);
    const file = '# Uploaded slowly\n\nOver a slow line, in pieces.\n';
    const pieces = file.match(/.{1,5}/gs) ?? [];
    const answer = await sendSlowly(
      server.url,
      'POST /api/import?name=slow.md HTTP/1.1\r\nHost: quire.test\r\n' +
        `Content-Type: text/markdown\r\nToken: ${token}\r\nContent-Length: ${file.length}\r\n\r\n`,
      pieces,
      100,
      true,
    );
    expect(answer.piecesSent).toBe(pieces.length);
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('"imported":1');
  });
});
