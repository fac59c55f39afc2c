import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_PRESENCE_STATE } from '../src/shared/live-message.js';
import { signUp } from './helpers/api-client.js';
import { LiveTestClient } from './helpers/live-client.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
const sockets: LiveTestClient[] = [];
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.close();
  await server.close();
});

/** A socket authenticated as a window that keeps notes' documents (or a plain one). */
async function window(token: string, sync = true): Promise<LiveTestClient> {
  const socket = await LiveTestClient.connect(server.socketUrl, token, sync);
  sockets.push(socket);
  return socket;
}

const presence = (note: string, state: string) => ({ event: 'presence', payload: { note, state } });
/** Anything in flight has landed once a marker sent after it came back to the same window. */
async function afterMarker(from: LiveTestClient, to: LiveTestClient): Promise<void> {
  from.send(presence('marker', 'bWFya2Vy'));
  await to.next((message) => message.event === 'presence' && message.payload.note === 'marker');
}

describe('presence', () => {
  it("reaches the account's other windows that keep documents, not the sender", async () => {
    const token = await signUp(server.url);
    const [writer, reader, plain] = [
      await window(token),
      await window(token),
      await window(token, false),
    ];
    writer.send(presence('note-1', 'AQID'));
    expect(await reader.next((m) => m.event === 'presence')).toEqual(presence('note-1', 'AQID'));
    await afterMarker(writer, reader);
    expect(writer.messages.filter((m) => m.event === 'presence')).toEqual([]);
    expect(plain.messages.filter((m) => m.event === 'presence')).toEqual([]);
  });

  it("never reaches another account's windows", async () => {
    const alice = await signUp(server.url);
    const bob = await signUp(server.url);
    const [aliceWriter, aliceReader] = [await window(alice), await window(alice)];
    const bobWindow = await window(bob);
    aliceWriter.send(presence('note-1', 'AQID'));
    await aliceReader.next((m) => m.event === 'presence');
    await afterMarker(aliceWriter, aliceReader);
    expect(bobWindow.messages).toEqual([]);
  });

  it('drops malformed, oversized and plain-socket presence without closing the socket', async () => {
    const token = await signUp(server.url);
    const [writer, reader] = [await window(token), await window(token)];
    const plain = await window(token, false);
    writer.send('not json');
    writer.send(presence('', 'AQID'));
    writer.send(presence('note-1', 'not base64!'));
    writer.send(presence('note-1', 'A'.repeat(MAX_PRESENCE_STATE + 4)));
    writer.send({ event: 'presence', payload: { note: 'note-1', state: 7 } });
    plain.send(presence('from-plain', 'AQID'));
    await afterMarker(writer, reader);
    expect(reader.messages.filter((m) => m.event === 'presence')).toEqual([]);
    expect(writer.closeCode).toBeUndefined();
  });
});
