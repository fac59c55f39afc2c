import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from './helpers/api-client.js';
import { download, jpegWithLocation, PDF, PNG, upload } from './helpers/attachment-client.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  token = await signUp(server.url);
});
afterAll(async () => server.close());

async function stored(bytes: Buffer | string, name: string) {
  const answer = await upload(server.url, token, bytes, name);
  expect(answer.status).toBe(201);
  return { answer: answer.json, served: await download(server.url, answer.json.id, { token }) };
}

/** What keeps any attachment from running script in Quire's origin. */
function expectSandboxed(headers: Headers) {
  expect(headers.get('content-security-policy')).toMatch(/^sandbox;/);
  expect(headers.get('content-security-policy')).not.toContain('allow-scripts');
  expect(headers.get('x-content-type-options')).toBe('nosniff');
}

describe('hostile files', () => {
  it('serves an SVG with script as an image to download, never as a document', async () => {
    const svg =
      '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>';
    const { answer, served } = await stored(svg, 'logo.svg');
    expect(answer.type).toBe('image/svg+xml');
    expect(served.headers.get('content-type')).toBe('image/svg+xml');
    expect(served.headers.get('content-disposition')).toMatch(/^attachment;/);
    expectSandboxed(served.headers);
  });

  it('serves HTML as plain text to download', async () => {
    const { answer, served } = await stored(
      '<!doctype html><html><body><script>fetch("/api/notes")</script></body></html>',
      'page.html',
    );
    expect(answer.type).toBe('text/plain');
    expect(served.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(served.headers.get('content-disposition')).toMatch(/^attachment;/);
    expectSandboxed(served.headers);
  });

  it('serves a GIF that is also HTML as a GIF: a picture, sandboxed, not sniffed', async () => {
    const polyglot = Buffer.concat([
      Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'),
      Buffer.from('<html><script>alert(1)</script></html>'),
    ]);
    const { answer, served } = await stored(polyglot, 'innocent.html');
    expect(answer.type).toBe('image/gif');
    expect(served.headers.get('content-type')).toBe('image/gif');
    expect(served.headers.get('content-disposition')).toMatch(/^inline;/);
    expectSandboxed(served.headers);
    expect(served.bytes.equals(polyglot)).toBe(true);
  });

  it('reads the type from the bytes when the name and the content type lie', async () => {
    const answer = await upload(server.url, token, PDF, 'holiday.png', {
      'content-type': 'image/png',
    });
    expect(answer.json).toMatchObject({ name: 'holiday.png', type: 'application/pdf' });
    const served = await download(server.url, answer.json.id, { token });
    expect(served.headers.get('content-type')).toBe('application/pdf');
    expect(served.headers.get('content-disposition')).toMatch(/^attachment;/);
  });

  it('calls bytes it cannot read application/octet-stream, to download', async () => {
    const { answer, served } = await stored(Buffer.from([0, 159, 146, 150, 0, 1, 2]), 'x.png');
    expect(answer.type).toBe('application/octet-stream');
    expect(served.headers.get('content-disposition')).toMatch(/^attachment;/);
  });

  it('names the file safely in Content-Disposition whatever its name holds', async () => {
    const { served } = await stored(PNG, 'a"b\r\nSet-Cookie: x=1;é.png');
    expect(served.headers.get('set-cookie')).toBeNull();
    expect(served.headers.get('content-disposition')).toBe(
      `inline; filename="a_bSet-Cookie: x=1;_.png"; filename*=UTF-8''a%22bSet-Cookie%3A%20x%3D1%3B%C3%A9.png`,
    );
  });
});

describe('photo location', () => {
  it('is removed from a JPEG, and the orientation and picture stay', async () => {
    const jpeg = jpegWithLocation();
    const { answer, served } = await stored(jpeg, 'photo.jpg');
    expect(answer.type).toBe('image/jpeg');
    expect(served.bytes.length).toBe(jpeg.length);
    const rational51 = Buffer.from([0, 0, 0, 51, 0, 0, 0, 1]);
    expect(jpeg.includes(rational51)).toBe(true);
    expect(served.bytes.includes(rational51)).toBe(false);
    expect(served.bytes.includes(Buffer.from('N\0'))).toBe(false);
    // Orientation 6 is still there, and the scan is untouched.
    expect(served.bytes.includes(Buffer.from([0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6]))).toBe(true);
    expect(served.bytes.subarray(-10).equals(jpeg.subarray(-10))).toBe(true);
  });

  it('stays when STRIP_EXIF is off: the bytes are stored as sent', async () => {
    const keeping = await startTestServer({ attachments: { stripExif: false } });
    try {
      const owner = await signUp(keeping.url);
      const jpeg = jpegWithLocation();
      const answer = await upload(keeping.url, owner, jpeg, 'photo.jpg');
      const served = await download(keeping.url, answer.json.id, { token: owner });
      expect(served.bytes.equals(jpeg)).toBe(true);
    } finally {
      await keeping.close();
    }
  });
});

describe('ATTACHMENTS=false', () => {
  it('has no attachment routes at all', async () => {
    const without = await startTestServer({ attachments: false });
    try {
      const owner = await signUp(without.url);
      const answer = await upload(without.url, owner, PNG);
      expect(answer.status).toBe(404);
      expect((await download(without.url, 'A'.repeat(22), { token: owner })).status).toBe(404);
      const usage = await fetch(`${without.url}/api/attachments/usage`, {
        headers: { token: owner },
      });
      expect(usage.status).toBe(404);
    } finally {
      await without.close();
    }
  });
});
