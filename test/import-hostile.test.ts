import { zipSync } from 'fflate';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { listNotes, signUp } from './helpers/api-client.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { importFile } from './helpers/transfer-client.js';

const MIB = 1024 * 1024;
let server: TestServer;
let token: string;

// IMPORT_LIMIT of 1 MiB: a zip may unpack to 8 MiB in all.
beforeAll(async () => {
  server = await startTestServer({ config: { importLimit: MIB } });
});
afterAll(async () => server.close());
beforeEach(async () => {
  token = await signUp(server.url);
});

const utf8 = (text: string) => new TextEncoder().encode(text);
const zeros = (bytes: number) => new Uint8Array(bytes);
const good = utf8('a good note');

/** Rewrites the uncompressed size every header of the zip declares for its entries. */
function declareSize(zip: Uint8Array, size: number): Uint8Array {
  const out = zip.slice();
  const view = new DataView(out.buffer);
  for (let i = 0; i + 4 <= out.length; i++) {
    const signature = view.getUint32(i, true);
    if (signature === 0x04034b50) view.setUint32(i + 22, size, true);
    if (signature === 0x02014b50) view.setUint32(i + 24, size, true);
  }
  return out;
}

async function expectRefused(
  data: Uint8Array | string,
  name: string,
  status: number,
  error: RegExp,
) {
  const result = await importFile(server.url, token, data, name);
  expect(result.status).toBe(status);
  expect(result.json.error).toMatch(error);
  expect(await listNotes(server.url, token)).toEqual([]);
}

describe('a hostile or broken import file', () => {
  it('refuses a zip bomb that says how big it is', async () => {
    const bomb = zipSync({ 'good.md': good, 'bomb.md': zeros(20 * MIB) }, { level: 9 });
    expect(bomb.length).toBeLessThan(MIB);
    await expectRefused(bomb, 'bomb.zip', 422, /^bomb\.zip: .*unpacks to more than 8 MiB/);
  });

  it('refuses a zip bomb that lies about its size', async () => {
    const bomb = declareSize(zipSync({ 'bomb.md': zeros(20 * MIB) }, { level: 9 }), 100);
    await expectRefused(bomb, 'liar.zip', 422, /^liar\.zip: the zip is unsafe or damaged/);
  });

  it('refuses a 1 GB entry before unpacking it', async () => {
    const huge = declareSize(zipSync({ 'huge.md': good }), 1024 * MIB);
    await expectRefused(huge, 'huge.zip', 422, /unpacks to more than 8 MiB/);
  });

  it('refuses many entries that unpack to too much together', async () => {
    const files = Object.fromEntries([1, 2, 3].map((n) => [`part${n}.md`, zeros(3 * MIB)]));
    await expectRefused(zipSync(files, { level: 9 }), 'parts.zip', 422, /unpacks to more than/);
  });

  it('refuses names that leave the folder, importing none of the file', async () => {
    for (const evil of [
      '../../etc/passwd.md',
      '/etc/shadow.md',
      'notes/../../x.md',
      'C:/boot.md',
    ]) {
      const zip = zipSync({ 'good.md': good, [evil]: utf8('evil') });
      await expectRefused(zip, 'evil.zip', 422, /^evil\.zip: the zip is unsafe or damaged/);
    }
  });

  it('refuses a file that is not UTF-8, a damaged zip, unknown JSON and an empty file', async () => {
    await expectRefused(
      new Uint8Array([0x68, 0x69, 0xff, 0xfe, 0x80]),
      'latin1.txt',
      422,
      /^latin1\.txt: not valid UTF-8 text$/,
    );
    const zip = zipSync({ 'good.md': good });
    await expectRefused(
      zip.slice(0, zip.length - 10),
      'cut.zip',
      422,
      /^cut\.zip: not a readable zip file/,
    );
    await expectRefused('{"hello": "world"}', 'data.json', 422, /no format Quire can import/);
    await expectRefused('', 'empty.md', 422, /^empty\.md: the file is empty$/);
  });

  it('answers 413 for a file over IMPORT_LIMIT, apart from BODY_LIMIT', async () => {
    const result = await importFile(server.url, token, zeros(MIB + 1), 'big.txt');
    expect(result.status).toBe(413);
    expect(result.json.code).toBe('too_large');
    const fits = await importFile(server.url, token, 'x'.repeat(MIB - 100), 'fits.txt');
    expect(fits.json).toEqual({ imported: 1, skipped: 0, failed: [] });
  });

  it('names the parts of a zip it could not read, and imports the rest', async () => {
    const zip = zipSync({ 'good.md': good, 'bad.md': new Uint8Array([0xc3, 0x28]) });
    const result = await importFile(server.url, token, zip, 'mixed.zip');
    expect(result.json).toEqual({
      imported: 1,
      skipped: 0,
      failed: [{ name: 'mixed.zip/bad.md', error: 'not valid UTF-8 text' }],
    });
  });

  it('leaves out a note whose JSON text is not well-formed Unicode', async () => {
    const file = `{"format":"quire-notes","version":1,"notes":[
      {"id":"a","body":"fine","timeCreated":1,"timeLastModified":2},
      {"id":"b","body":"half \\ud800 pair","timeCreated":1,"timeLastModified":2}]}`;
    const result = await importFile(server.url, token, file, 'notes.json');
    expect(result.json.imported).toBe(1);
    expect(result.json.failed).toEqual([
      { name: 'notes.json (quire:b)', error: 'text that is not well-formed Unicode' },
    ]);
  });

  it('does not expand entities in an Evernote file (a billion laughs)', async () => {
    const levels = ['b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'];
    const entities = levels.map(
      (name, i) => `<!ENTITY ${name} "${`&${i === 0 ? 'a' : levels[i - 1]};`.repeat(10)}">`,
    );
    const enex = `<?xml version="1.0"?>
<!DOCTYPE en-export [<!ENTITY a "lol">${entities.join('')}]>
<en-export><note><title>&i;</title><content>&lt;en-note&gt;x&lt;/en-note&gt;</content></note></en-export>`;
    const result = await importFile(server.url, token, enex, 'laughs.enex');
    expect(result.status).toBe(200);
    const [note] = await listNotes(server.url, token);
    expect(note?.body).toBe('&i;\n\nx');
    expect(note?.body).not.toContain('lollol');
  });
});
