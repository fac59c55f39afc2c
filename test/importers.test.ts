import { zipSync } from 'fflate';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Note } from '../src/shared/note.js';
import { linkIndex, linkTitle, resolveLink, wikiLinks } from '../src/shared/wiki-links.js';
import { listNotes, signUp } from './helpers/api-client.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { importFile } from './helpers/transfer-client.js';

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());
beforeEach(async () => {
  token = await signUp(server.url);
});

const utf8 = (text: string) => new TextEncoder().encode(text);
const at = (iso: string) => Date.parse(iso) / 1000;
const notesByTitle = async () =>
  new Map(
    (await listNotes(server.url, token)).map((n) => [n.body.split('\n')[0], n] as [string, Note]),
  );

describe('importing other apps’ files', () => {
  it('reads a Simplenote export: text, tags and times; the trash stays out', async () => {
    const file = JSON.stringify({
      activeNotes: [
        {
          id: '8b2d4e0f1a',
          content: 'Trip ideas\r\nLisbon, Porto',
          creationDate: '2021-03-04T10:11:12.000Z',
          lastModified: '2022-05-06T07:08:09.000Z',
          tags: ['travel', 'later'],
          markdown: true,
          pinned: false,
        },
        {
          id: '9c3e',
          content: 'Plain one',
          creationDate: '2020-01-01T00:00:00.000Z',
          lastModified: '2020-01-02T00:00:00.000Z',
        },
      ],
      trashedNotes: [
        {
          id: 'old',
          content: 'gone',
          creationDate: '2019-01-01T00:00:00.000Z',
          lastModified: '2019-01-01T00:00:00.000Z',
          tags: [],
        },
      ],
    });
    const result = await importFile(server.url, token, file, 'notes.json');
    expect(result.json).toEqual({ imported: 2, skipped: 0, failed: [] });
    const notes = await notesByTitle();
    expect(notes.get('Trip ideas')).toMatchObject({
      body: 'Trip ideas\nLisbon, Porto\n\n#travel #later',
      timeCreated: at('2021-03-04T10:11:12Z'),
      timeLastModified: at('2022-05-06T07:08:09Z'),
    });
    expect(notes.has('gone')).toBe(false);
  });

  it('reads a Google Keep Takeout: titles, checklists as task lists, labels as tags', async () => {
    const keepNote = {
      color: 'DEFAULT',
      isTrashed: false,
      isPinned: false,
      isArchived: false,
      title: 'Shopping',
      userEditedTimestampUsec: 1650000000123456,
      createdTimestampUsec: 1640000000000000,
      listContent: [
        { textHtml: '<p>Milk</p>', text: 'Milk', isChecked: true },
        { textHtml: '<p>Bread</p>', text: 'Bread', isChecked: false },
      ],
      labels: [{ name: 'Home stuff' }],
    };
    const textNote = {
      isTrashed: false,
      title: '',
      textContent: 'Call the plumber',
      userEditedTimestampUsec: 1660000000000000,
      createdTimestampUsec: 1660000000000000,
    };
    const zip = zipSync({
      'Takeout/archive_browser.html': utf8('<html></html>'),
      'Takeout/Keep/Shopping.json': utf8(JSON.stringify(keepNote)),
      'Takeout/Keep/Shopping.html': utf8('<html>Shopping</html>'),
      'Takeout/Keep/2022-08-08T23_06_40.json': utf8(JSON.stringify(textNote)),
      'Takeout/Keep/Trashed.json': utf8(
        JSON.stringify({ ...textNote, textContent: 'old', isTrashed: true }),
      ),
      'Takeout/Keep/Labels.txt': utf8('Home stuff\n'),
    });
    const result = await importFile(server.url, token, zip, 'takeout-20240101.zip');
    expect(result.json).toEqual({ imported: 2, skipped: 0, failed: [] });
    const notes = await notesByTitle();
    expect(notes.get('Shopping')).toMatchObject({
      body: 'Shopping\n\n- [x] Milk\n- [ ] Bread\n\n#HomeStuff',
      timeCreated: 1640000000,
      timeLastModified: 1650000000,
    });
    expect(notes.get('Call the plumber')?.timeCreated).toBe(1660000000);
  });

  it('reads a decrypted Standard Notes backup with its tags', async () => {
    const backup = {
      version: '004',
      items: [
        {
          uuid: 'n-1',
          content_type: 'Note',
          created_at: '2023-01-02T03:04:05.000Z',
          updated_at: '2023-02-03T04:05:06.000Z',
          content: {
            title: 'Reading list',
            text: '- Dune\n- Emma',
            references: [],
            appData: { 'org.standardnotes.sn': { client_updated_at: '2023-02-01T00:00:00.000Z' } },
          },
        },
        {
          uuid: 'n-2',
          content_type: 'Note',
          created_at: '2023-01-01T00:00:00.000Z',
          updated_at: '2023-01-01T00:00:00.000Z',
          content: { title: 'Binned', text: 'x', trashed: true, references: [] },
        },
        {
          uuid: 't-1',
          content_type: 'Tag',
          created_at: '2023-01-01T00:00:00.000Z',
          updated_at: '2023-01-01T00:00:00.000Z',
          content: { title: 'books', references: [{ uuid: 'n-1', content_type: 'Note' }] },
        },
        { uuid: 'c-1', content_type: 'SN|Component', content: { name: 'editor' } },
      ],
    };
    const result = await importFile(
      server.url,
      token,
      JSON.stringify(backup),
      'Standard Notes Backup.txt',
    );
    expect(result.json).toEqual({ imported: 1, skipped: 0, failed: [] });
    expect((await notesByTitle()).get('Reading list')).toMatchObject({
      body: 'Reading list\n\n- Dune\n- Emma\n\n#books',
      timeCreated: at('2023-01-02T03:04:05Z'),
      timeLastModified: at('2023-02-01T00:00:00Z'),
    });
  });

  it('reads an Evernote .enex, turning its HTML into Markdown', async () => {
    const enex = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE en-export SYSTEM "http://xml.evernote.com/pub/evernote-export4.dtd">
<en-export export-date="20240101T120000Z" application="Evernote" version="10.0">
  <note>
    <title>Meeting &amp; notes</title>
    <created>20230115T093000Z</created>
    <updated>20230116T101500Z</updated>
    <tag>work</tag>
    <note-attributes><author>me</author></note-attributes>
    <content><![CDATA[<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<!DOCTYPE en-note SYSTEM "http://xml.evernote.com/pub/enml2.dtd">
<en-note><div><b>Agenda</b></div><ul><li>Budget</li><li>Hiring</li></ul><div><en-todo checked="true"/>Send minutes</div><div><a href="https://example.com">link</a></div></en-note>]]></content>
  </note>
</en-export>`;
    const result = await importFile(server.url, token, enex, 'My Notebook.enex');
    expect(result.json).toEqual({ imported: 1, skipped: 0, failed: [] });
    expect((await notesByTitle()).get('Meeting & notes')).toMatchObject({
      body: 'Meeting & notes\n\n---\nauthor: "me"\n\n---\n\n**Agenda**\n\n- Budget\n- Hiring\n\n- [x] Send minutes\n\n[link](https://example.com)\n\n#work',
      timeCreated: at('2023-01-15T09:30:00Z'),
      timeLastModified: at('2023-01-16T10:15:00Z'),
    });
  });

  it('reads Evernote note links as [[links]], two notes of one title each reached', async () => {
    const a = '0a0a0a0a-0000-4000-8000-00000000000a';
    const b = '0b0b0b0b-0000-4000-8000-00000000000b';
    const note = (title: string, html: string) =>
      `<note><title>${title}</title><created>20230101T000000Z</created><content><![CDATA[<en-note><div>${html}</div></en-note>]]></content></note>`;
    const link = (guid: string) => `<a href="evernote:///view/9/s1/${guid}/${guid}/">Linked</a>`;
    const enex = `<?xml version="1.0"?><en-export>${note('Linked', `to the other: ${link(b)}`)}${note('Linked', `back: ${link(a)}`)}</en-export>`;
    const result = await importFile(server.url, token, enex, 'linked_notes.enex');
    expect(result.json).toEqual({ imported: 2, skipped: 0, failed: [] });
    const notes = await notesByTitle();
    expect(notes.get('Linked')?.body).toBe('Linked\n\nto the other: [[Linked (2)|Linked]]');
    expect(notes.get('Linked (2)')?.body).toBe('Linked (2)\n\nback: [[Linked]]');
  });

  it('reads an Obsidian vault: file names as titles, folders as tags, front matter kept, settings left out', async () => {
    const zip = zipSync({
      'Vault/.obsidian/app.json': utf8('{"theme":"dark"}'),
      'Vault/Daily/2024-01-01.md': [
        utf8('Went running. [[Health]]'),
        { mtime: new Date('2024-01-01T20:00:00Z') },
      ],
      'Vault/Health.md': utf8('---\naliases: [fitness]\n---\n# Health\nSee #running'),
      'Vault/attachments/photo.png': new Uint8Array([137, 80, 78, 71]),
    });
    const result = await importFile(server.url, token, zip, 'Vault.zip');
    expect(result.json).toEqual({ imported: 2, skipped: 0, failed: [] });
    const notes = await notesByTitle();
    expect(notes.get('2024-01-01')).toMatchObject({
      body: '2024-01-01\n\nWent running. [[Health]]\n\n#Daily',
      timeLastModified: at('2024-01-01T20:00:00Z'),
    });
    expect(notes.get('# Health')?.body).toBe(
      '# Health\n\n---\naliases: [fitness]\n\n---\n\nSee #running',
    );
  });

  it('titles a vault file by its name when its first line is a tag, not a heading of that name', async () => {
    const zip = zipSync({
      'Vault/running.md': utf8('#running\nFive miles'),
      'Vault/Walks.md': utf8('## Walks\nAlong the river'),
    });
    const result = await importFile(server.url, token, zip, 'Vault.zip');
    expect(result.json).toEqual({ imported: 2, skipped: 0, failed: [] });
    const notes = await notesByTitle();
    expect(notes.get('running')?.body).toBe('running\n\n#running\nFive miles');
    expect(notes.get('## Walks')?.body).toBe('## Walks\nAlong the river');
  });

  it('reads a vault whole: aliases, nested folders as tags, embeds, same names in two folders', async () => {
    const zip = zipSync({
      'Vault/.obsidian/app.json': utf8('{}'),
      'Vault/Health.md': utf8('---\naliases: [fitness]\ncssclass: wide\n---\nSee #running'),
      'Vault/Projects/Work/Meeting.md': utf8('Agenda for [[fitness]] and ![[Health]]'),
      'Vault/Projects/Meeting.md': utf8('Older meeting'),
      'Vault/Index.md': utf8(
        '[[Meeting]] [[Projects/Work/Meeting|this week]] ![[Projects/Meeting]] ![[board.png]]',
      ),
      'Vault/attachments/board.png': new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]),
    });
    const result = await importFile(server.url, token, zip, 'Vault.zip');
    expect(result.json).toEqual({ imported: 4, skipped: 0, failed: [] });
    const notes = await notesByTitle();
    expect([...notes.keys()].sort()).toEqual(['Health', 'Index', 'Meeting', 'Meeting (Work)']);
    expect(notes.get('Health')?.body).toBe(
      'Health\n\n---\naliases: [fitness]\ncssclass: wide\n\n---\n\nSee #running',
    );
    expect(notes.get('Meeting')?.body).toBe('Meeting\n\nOlder meeting\n\n#Projects');
    expect(notes.get('Meeting (Work)')?.body).toBe(
      'Meeting (Work)\n\nAgenda for [[fitness]] and ![[Health]]\n\n#Projects/Work',
    );
    expect(notes.get('Index')?.body).toMatch(
      /^Index\n\n\[\[Meeting\]\] \[\[Meeting \(Work\)\|this week\]\] !\[\[Meeting\]\] !\[board\.png\]\(\/api\/attachments\/[\w-]{22}\)$/,
    );
    // The notes link to each other as the vault did, by Quire's rules for links.
    const index = linkIndex(notes.values());
    const leadsTo = (title: string) =>
      wikiLinks(notes.get(title)?.body ?? '').map((link) =>
        linkTitle(resolveLink(index, link.target)?.body ?? ''),
      );
    expect(leadsTo('Meeting (Work)')).toEqual(['Health', 'Health']);
    expect(leadsTo('Index')).toEqual(['Meeting', 'Meeting (Work)', 'Meeting']);
  });

  it('reads a Joplin Markdown export with front matter, its resources as attachments', async () => {
    const zip = zipSync({
      'Notebook/Groceries.md': utf8(
        '---\ntitle: Groceries\nupdated: 2023-06-01 10:00:00Z\ncreated: 2023-05-01 09:00:00Z\ntags:\n  - food\n---\n\n# Groceries\n\n- apples\n\n![](../_resources/img.png)',
      ),
      '_resources/img.png': new Uint8Array([137, 80, 78, 71]),
    });
    const result = await importFile(server.url, token, zip, 'joplin.zip');
    expect(result.json).toEqual({ imported: 1, skipped: 0, failed: [] });
    const [note] = await listNotes(server.url, token);
    expect(note?.body).toMatch(
      /^# Groceries\n\n- apples\n\n!\[\]\(\/api\/attachments\/[\w-]{22}\)\n\n#food$/,
    );
    expect(note).toMatchObject({
      timeCreated: at('2023-05-01T09:00:00Z'),
      timeLastModified: at('2023-06-01T10:00:00Z'),
    });
  });

  it('reads one plain text file, titled by its name, and only once', async () => {
    const first = await importFile(server.url, token, 'buy stamps', 'todo.txt');
    expect(first.json).toEqual({ imported: 1, skipped: 0, failed: [] });
    const again = await importFile(server.url, token, 'buy stamps', 'todo.txt');
    expect(again.json).toEqual({ imported: 0, skipped: 1, failed: [] });
    expect((await listNotes(server.url, token)).map((n) => n.body)).toEqual(['todo\n\nbuy stamps']);
  });
});
