import { createHash } from 'node:crypto';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNote, listNotes, signUp } from './helpers/api-client.js';
import { download, PDF, PNG, upload } from './helpers/attachment-client.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { exportZip, importFile } from './helpers/transfer-client.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

const REFERENCE = /\/api\/attachments\/([A-Za-z0-9_-]{22})/g;
const idsIn = (text: string) => [...text.matchAll(REFERENCE)].map((match) => match[1] as string);
const PNG2 = Buffer.concat([PNG, Buffer.from('second')]);

async function bodies(token: string): Promise<string[]> {
  return (await listNotes(server.url, token)).map((note) => note.body).sort();
}

async function bytesOf(token: string, id: string): Promise<Buffer> {
  const answer = await download(server.url, id, { token });
  expect(answer.status).toBe(200);
  return answer.bytes;
}

describe('export', () => {
  it('writes each attachment once under attachments/, and the notes refer to it there', async () => {
    const token = await signUp(server.url);
    const picture = (await upload(server.url, token, PNG, 'Board (final).png')).json;
    const pdf = (await upload(server.url, token, PDF, 'minutes.pdf')).json;
    await createNote(
      server.url,
      token,
      `Board\n![Board (final).png](/api/attachments/${picture.id})`,
    );
    await createNote(
      server.url,
      token,
      `Minutes\n[minutes.pdf](/api/attachments/${pdf.id} "PDF, 1 KB")\n![again](/api/attachments/${picture.id})`,
    );
    const files = unzipSync((await exportZip(server.url, token)).data);
    const names = Object.keys(files).sort();
    expect(names).toEqual([
      'Board.md',
      'Minutes.md',
      'attachments/Board (final).png',
      'attachments/minutes.pdf',
      'notes.json',
    ]);
    expect(Buffer.from(files['attachments/Board (final).png'] as Uint8Array).equals(PNG)).toBe(
      true,
    );
    const board = new TextDecoder().decode(files['Board.md']);
    expect(board).toContain('![Board (final).png](attachments/Board%20%28final%29.png)');
    const minutes = new TextDecoder().decode(files['Minutes.md']);
    expect(minutes).toContain('[minutes.pdf](attachments/minutes.pdf "PDF, 1 KB")');
    const json = JSON.parse(new TextDecoder().decode(files['notes.json']));
    expect(json.attachments).toHaveLength(2);
    expect(json.notes.flatMap((note: { body: string }) => idsIn(note.body)).sort()).toEqual(
      [picture.id, picture.id, pdf.id].sort(),
    );
  });

  it('comes back exactly into a fresh account: the same notes, the same files, new ids', async () => {
    const token = await signUp(server.url);
    const picture = (await upload(server.url, token, PNG2, 'board.png')).json;
    const pdf = (await upload(server.url, token, PDF, 'minutes.pdf')).json;
    const before = [
      `Board\n![board.png](/api/attachments/${picture.id})`,
      `Minutes\n[minutes.pdf](/api/attachments/${pdf.id} "PDF, 1 KB") and ![board.png](/api/attachments/${picture.id})`,
    ];
    for (const body of before) await createNote(server.url, token, body);
    const zip = (await exportZip(server.url, token)).data;

    const fresh = await signUp(server.url);
    const summary = await importFile(server.url, fresh, zip, 'quire-notes.zip');
    expect(summary.json).toEqual({ imported: 2, skipped: 0, failed: [] });
    const after = await bodies(fresh);
    expect(after.map((body) => body.replace(REFERENCE, '/api/attachments/ID'))).toEqual(
      before.map((body) => body.replace(REFERENCE, '/api/attachments/ID')).sort(),
    );
    const [newPdf, newPicture] = idsIn(after.find((body) => body.startsWith('Minutes')) ?? '') as [
      string,
      string,
    ];
    expect(newPicture).not.toBe(picture.id);
    expect((await bytesOf(fresh, newPdf)).equals(PDF)).toBe(true);
    expect((await bytesOf(fresh, newPicture)).equals(PNG2)).toBe(true);
    // The same export again adds nothing.
    expect((await importFile(server.url, fresh, zip, 'quire-notes.zip')).json).toMatchObject({
      imported: 0,
      skipped: 2,
    });
  });
});

describe('import', () => {
  it("brings an Obsidian vault's pictures wherever they are, and lists the missing one", async () => {
    const token = await signUp(server.url);
    const vault = zipSync({
      'Trips/Lisbon.md': strToU8(
        'Tram 28\n| ![[tram.png\\|300]] |\n![diagram](../assets/diagram%20one.png#wide)\n![[nowhere.png|300]]\n[[Other note]] [[tram.png|the tram]]\n\nWrite `![[File.png]]` or:\n\n```md\n![shown](elsewhere.png)\n```',
      ),
      'media/photos/tram.png': PNG,
      'assets/diagram one.png': PNG2,
      '.obsidian/app.json': strToU8('{}'),
    });
    const summary = await importFile(server.url, token, vault, 'vault.zip');
    expect(summary.json).toEqual({
      imported: 1,
      skipped: 0,
      // The note came in, without that picture: listed apart from what failed.
      failed: [],
      changed: [
        {
          name: 'vault.zip/Trips/Lisbon.md',
          changes: ['the attachment "nowhere.png" is not in the file'],
        },
      ],
    });
    const [body = ''] = await bodies(token);
    expect(body).toMatch(
      /^Lisbon\n\nTram 28\n\| !\[tram\.png\]\(\/api\/attachments\/[\w-]{22}\) \|\n!\[diagram\]\(\/api\/attachments\/[\w-]{22}\)\n!\[\[nowhere\.png\|300\]\]\n\[\[Other note\]\] \[the tram\]\(\/api\/attachments\/[\w-]{22}\)\n\nWrite `!\[\[File\.png\]\]` or:\n\n```md\n!\[shown\]\(elsewhere\.png\)\n```$/,
    );
    const [tram, diagram] = idsIn(body) as [string, string];
    expect((await bytesOf(token, tram)).equals(PNG)).toBe(true);
    expect((await bytesOf(token, diagram)).equals(PNG2)).toBe(true);
  });

  it("brings a Google Keep Takeout's pictures and files, and lists the missing one", async () => {
    const token = await signUp(server.url);
    const keepNote = {
      title: 'Garden',
      textContent: 'Roses by the wall',
      attachments: [
        { filePath: '1a2b3c.png', mimetype: 'image/png' },
        { filePath: 'memo.3gp', mimetype: 'audio/3gpp' },
        { filePath: 'gone.jpg', mimetype: 'image/jpeg' },
      ],
      createdTimestampUsec: 1_700_000_000_000_000,
      userEditedTimestampUsec: 1_700_000_100_000_000,
      isTrashed: false,
    };
    const takeout = zipSync({
      'Takeout/Keep/Garden.json': strToU8(JSON.stringify(keepNote)),
      'Takeout/Keep/Garden.html': strToU8('<html>Garden</html>'),
      'Takeout/Keep/1a2b3c.png': PNG,
      'Takeout/Keep/memo.3gp': PNG2,
    });
    const summary = await importFile(server.url, token, takeout, 'takeout.zip');
    expect(summary.json).toEqual({
      imported: 1,
      skipped: 0,
      // The note came in, without that picture: listed apart from what failed.
      failed: [],
      changed: [
        {
          name: 'takeout.zip/Takeout/Keep/Garden.json',
          changes: ['the attachment "gone.jpg" is not in the file'],
        },
      ],
    });
    const [body = ''] = await bodies(token);
    expect(body).toMatch(
      /^Garden\n\nRoses by the wall\n\n!\[1a2b3c\.png\]\(\/api\/attachments\/[\w-]{22}\)\n\[memo\.3gp\]\(\/api\/attachments\/[\w-]{22}\)$/,
    );
    const [picture, memo] = idsIn(body) as [string, string];
    expect((await bytesOf(token, picture)).equals(PNG)).toBe(true);
    expect((await bytesOf(token, memo)).equals(PNG2)).toBe(true);
  });

  it("brings a Joplin export's resources", async () => {
    const token = await signUp(server.url);
    const joplin = zipSync({
      'Work/Plan.md': strToU8('# Plan\n\n![sketch.png](../_resources/4f1d2c.png)\n'),
      '_resources/4f1d2c.png': PNG,
    });
    expect((await importFile(server.url, token, joplin, 'joplin.zip')).json.failed).toEqual([]);
    const [body = ''] = await bodies(token);
    expect(body).toMatch(/!\[sketch\.png\]\(\/api\/attachments\/[\w-]{22}\)/);
    expect((await bytesOf(token, idsIn(body)[0] as string)).equals(PNG)).toBe(true);
  });

  it('matches Evernote <en-media> to its resource by hash, whatever its name or type', async () => {
    const token = await signUp(server.url);
    const md5 = (bytes: Buffer) => createHash('md5').update(bytes).digest('hex');
    const resource = (bytes: Buffer, mime: string, name?: string) =>
      `<resource><data encoding="base64">\n${bytes.toString('base64').replace(/(.{60})/g, '$1\n')}\n</data><mime>${mime}</mime>${
        name === undefined
          ? ''
          : `<resource-attributes><file-name>${name}</file-name></resource-attributes>`
      }</resource>`;
    const enex = `<?xml version="1.0" encoding="UTF-8"?>
<en-export><note><title>Scan</title><content><![CDATA[<?xml version="1.0" encoding="UTF-8"?>
<en-note><div>Receipt:</div><en-media hash="${md5(PNG)}" type="image/png"/><div>PDF:</div><en-media hash="${md5(PDF)}" type="application/x-odd"/><en-media hash="00000000000000000000000000000000" type="image/png"/></en-note>]]></content>
${resource(PNG, 'image/png', 'https://shop.example/a/b:receipt.png')}${resource(PDF, 'application/x-odd')}</note></en-export>`;
    const summary = await importFile(server.url, token, enex, 'evernote.enex');
    expect(summary.json).toEqual({
      imported: 1,
      skipped: 0,
      // The note came in, without that picture: listed apart from what failed.
      failed: [],
      changed: [
        {
          name: 'evernote.enex (Scan)',
          changes: ['the attachment 00000000000000000000000000000000 is not in the file'],
        },
      ],
    });
    const [body = ''] = await bodies(token);
    expect(body).toContain('![b:receipt.png](/api/attachments/');
    expect(body).toContain('[attachment](/api/attachments/');
    expect(body).toContain('(attachment)');
    const [receipt, pdf] = idsIn(body) as [string, string];
    expect((await bytesOf(token, receipt)).equals(PNG)).toBe(true);
    const served = await download(server.url, pdf, { token });
    expect(served.headers.get('content-type')).toBe('application/pdf');
  });

  it("cuts an imported file's very long name to 255 characters, keeping its extension", async () => {
    const token = await signUp(server.url);
    const md5 = createHash('md5').update(PDF).digest('hex');
    const enex = `<?xml version="1.0" encoding="UTF-8"?>
<en-export><note><title>Long</title><content><![CDATA[<?xml version="1.0" encoding="UTF-8"?>
<en-note><div>File:</div><en-media hash="${md5}" type="application/pdf"/></en-note>]]></content>
<resource><data encoding="base64">${PDF.toString('base64')}</data><mime>application/pdf</mime><resource-attributes><file-name>${'😀'.repeat(100_000)}.pdf</file-name></resource-attributes></resource></note></en-export>`;
    expect((await importFile(server.url, token, enex, 'long.enex')).json.failed).toEqual([]);
    const [body = ''] = await bodies(token);
    const served = await download(server.url, idsIn(body)[0] as string, { token });
    expect(served.status).toBe(200);
    const header = served.headers.get('content-disposition') ?? '';
    const encoded = /filename\*=UTF-8''(.+)$/.exec(header)?.[1] ?? '';
    expect(decodeURIComponent(encoded)).toBe(`${'😀'.repeat(251)}.pdf`);
  });
});

describe('with ATTACHMENTS=false', () => {
  it('imports the notes, keeps each file as readable text, and lists it', async () => {
    const without = await startTestServer({ attachments: false });
    try {
      const token = await signUp(without.url);
      const vault = zipSync({ 'Note.md': strToU8('See ![[tram.png]]'), 'tram.png': PNG });
      const summary = await importFile(without.url, token, vault, 'vault.zip');
      expect(summary.json).toEqual({
        imported: 1,
        skipped: 0,
        failed: [{ name: 'tram.png', error: 'this server does not keep attachments' }],
      });
      expect((await listNotes(without.url, token)).map((note) => note.body)).toEqual([
        'Note\n\nSee ![tram.png](tram.png)',
      ]);
    } finally {
      await without.close();
    }
  });
});
