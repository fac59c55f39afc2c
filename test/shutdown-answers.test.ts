import { once } from 'node:events';
import net from 'node:net';
import { expect, it } from 'vitest';
import { createNote, signUp } from './helpers/api-client.js';
import { startTestServer } from './helpers/test-server.js';

/** The body of an HTTP/1.1 answer, whole: as long as it says, or every chunk up to the last. */
function bodyOf(head: string, rest: Buffer): Buffer {
  const length = /content-length: (\d+)/i.exec(head)?.[1];
  if (length !== undefined) return rest.subarray(0, Number(length));
  expect(head).toMatch(/transfer-encoding: chunked/i);
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const line = rest.indexOf('\r\n', at);
    expect(line).toBeGreaterThan(-1); // cut short
    const size = Number.parseInt(rest.subarray(at, line).toString(), 16);
    if (size === 0) return Buffer.concat(parts);
    parts.push(rest.subarray(line + 2, line + 2 + size));
    at = line + 2 + size + 2;
    expect(at).toBeLessThanOrEqual(rest.length); // cut short
  }
}

// A deployment closes the server while answers are on their way: each is sent whole first.
it('sends a long answer whole to a slow reader when the server closes meanwhile', async () => {
  const server = await startTestServer();
  try {
    const token = await signUp(server.url);
    // About 24 MB of list: more than the sockets' buffers hold while the client does not read.
    const body = 'x'.repeat(1_500_000);
    for (let i = 0; i < 16; i += 1) await createNote(server.url, token, `${i} ${body}`);

    const { port } = new URL(server.url);
    const socket = net.connect(Number(port), '127.0.0.1');
    await once(socket, 'connect');
    socket.write(`GET /api/notes HTTP/1.1\r\nhost: 127.0.0.1\r\ntoken: ${token}\r\n\r\n`);
    const [first] = (await once(socket, 'data')) as [Buffer];
    socket.pause(); // a slow reader: the rest of the answer waits in the server

    const closed = server.app.close();
    const chunks = [first];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    const ended = once(socket, 'close');
    socket.resume();
    await closed;
    await ended;

    const answer = Buffer.concat(chunks);
    const head = answer.indexOf('\r\n\r\n');
    const list = bodyOf(answer.subarray(0, head).toString(), answer.subarray(head + 4));
    expect(list.length).toBeGreaterThan(20_000_000);
    const { results } = JSON.parse(list.toString()) as { results: { body: string }[] };
    expect(results.map((note) => note.body.length)).toEqual(
      results.map((_, i) => `${15 - i} ${body}`.length),
    );
  } finally {
    await server.close();
  }
}, 60_000);
