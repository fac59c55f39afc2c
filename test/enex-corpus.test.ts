import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { listNotes, signUp } from './helpers/api-client.js';
import { download, PNG } from './helpers/attachment-client.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { exportZip, importFile, zipTexts } from './helpers/transfer-client.js';

/*
 * Each file of the corpus is one shape Evernote writes, exported as Evernote exports it. It is
 * imported through the route into a real database, and the notes read back as a client sees them.
 */
let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());
beforeEach(async () => {
  token = await signUp(server.url);
});

const corpusFile = (name: string) =>
  readFileSync(new URL(`./fixtures/enex/${name}`, import.meta.url), 'utf8');

async function imported(name: string) {
  const result = await importFile(server.url, token, corpusFile(name), name);
  expect(result.status).toBe(200);
  const notes = await listNotes(server.url, token);
  const bodies = new Map(notes.map((note) => [note.body.split('\n')[0] as string, note.body]));
  return { summary: result.json, bodies };
}

const ATTACHMENT = /\/api\/attachments\/([\w-]{22})/g;

describe('an Evernote export comes in whole', () => {
  it('pictures: self-closing in a block, inside a line, and straight under the note', async () => {
    const { summary, bodies } = await imported('pictures.enex');
    expect(summary).toEqual({ imported: 1, skipped: 0, failed: [] });
    const body = bodies.get('Pictures') ?? '';
    expect(body.replace(ATTACHMENT, '/api/attachments/ID')).toBe(
      [
        'Pictures',
        'A picture in its own block:',
        '![board.png](/api/attachments/ID)',
        'Text around ![board 2.png](/api/attachments/ID) a second one.',
        '![board.png](/api/attachments/ID)',
        'After the last.',
      ].join('\n\n'),
    );
    const [first, second, again] = Array.from(body.matchAll(ATTACHMENT), (match) => match[1]);
    expect(again).toBe(first);
    expect(second).not.toBe(first);
    const picture = await download(server.url, first as string, { token });
    expect(picture.status).toBe(200);
    expect(picture.bytes.equals(PNG)).toBe(true);
  });

  it('old checklists (<en-todo>) are task items, ticked as they were; one inside a line is reported', async () => {
    const { summary, bodies } = await imported('checklists-old.enex');
    expect(summary).toEqual({
      imported: 2,
      skipped: 0,
      failed: [],
      changed: [
        {
          name: 'checklists-old.enex (Phone call)',
          changes: ['a checkbox inside a line of text kept as [ ] or [x]'],
        },
      ],
    });
    expect(bodies.get('Phone call')).toBe('Phone call\n\nCalled the bank [x] and the school.');
    expect(bodies.get('Groceries')).toBe(
      'Groceries\n\nBefore the list.\n\n- [x] Apples\n- [ ] Pears\n- [ ] Milk\n- [x] Bread\n\nAfter the list.',
    );
  });

  it('new checklists (--en-todo, --en-checked) are task items, ticked as they were', async () => {
    const { bodies } = await imported('checklists-new.enex');
    expect(bodies.get('Packing')).toBe(
      'Packing\n\nTrip:\n\n- [x] Passport\n- [ ] Charger\n- [x] Tickets\n\nDone packing?',
    );
  });

  it('tables are Markdown tables; one Markdown cannot hold keeps its text and is reported', async () => {
    const { summary, bodies } = await imported('tables.enex');
    expect(bodies.get('Budget')).toBe(
      [
        'Budget',
        '',
        'Spending:',
        '',
        '| **Item** | **Cost** |',
        '| --- | --- |',
        '| Rent \\| flat | 900 |',
        '| Food<br>and drink | 300 |',
        '|  | 1200 |',
      ].join('\n'),
    );
    expect(bodies.get('Schedule')).toBe('Schedule\n\nMonday\n\n9:00\n\nStandup');
    expect(bodies.get('Lists in cells')).toBe('Lists in cells\n\nSteps\n\n- One\n- Two');
    expect(summary).toEqual({
      imported: 3,
      skipped: 0,
      failed: [],
      changed: [
        { name: 'tables.enex (Schedule)', changes: ['a table with merged cells came in as text'] },
        {
          name: 'tables.enex (Lists in cells)',
          changes: ['a table with lists or other blocks in a cell came in as text'],
        },
      ],
    });
  });

  it('text that looks like HTML or Markdown stays text', async () => {
    const { bodies } = await imported('escaped-text.enex');
    expect(bodies.get('Escapes')).toBe(
      [
        'Escapes',
        'Keep \\<not more> as it is.',
        'An entity written out: \\&lt;b\\&gt;',
        '1 \\=\\= 1 and \\*not bold\\* and # not a heading',
        '\\<script>alert(1)\\</script>',
      ].join('\n\n'),
    );
  });

  it('<pre> and Evernote code blocks are fenced code, lines and indents kept', async () => {
    const { bodies } = await imported('code.enex');
    expect(bodies.get('Snippets')).toBe(
      [
        'Snippets',
        '',
        'Shell:',
        '',
        '```',
        'ls -la && echo "<done>"',
        '  indented line',
        '```',
        '',
        '````',
        'function add(a, b) {',
        '  return a + b; // ```',
        '}',
        '````',
        '',
        'After the code.',
      ].join('\n'),
    );
  });

  it('the source URL and author are properties; tags with spaces read the same in the export', async () => {
    const { summary, bodies } = await imported('tags-properties.enex');
    const body = bodies.get('Clipped recipe');
    expect(body).toBe(
      [
        'Clipped recipe',
        '---\nsource: "https://cooking.example/pancakes?ref=clip"\nauthor: "Ann Smith"\n\n---',
        'Flour, eggs, milk.',
        '#FamilyStuff #recipes #tag2024Plans',
      ].join('\n\n'),
    );
    expect(summary.changed).toEqual([
      {
        name: 'tags-properties.enex (Clipped recipe)',
        changes: [
          'the tag "Family Stuff" is #FamilyStuff',
          'the tag "2024 plans" is #tag2024Plans',
        ],
      },
    ]);
    const files = zipTexts((await exportZip(server.url, token)).data);
    const exported = files['Clipped recipe.md'] ?? '';
    const tags = /\ntags: (\[.*\])\n/.exec(exported)?.[1] ?? '[]';
    // The tag reader decides the letters' case; the words are the note's.
    expect((JSON.parse(tags) as string[]).map((tag) => tag.toLowerCase())).toEqual([
      'familystuff',
      'recipes',
      'tag2024plans',
    ]);
    expect(exported.endsWith(body ?? '')).toBe(true);
  });

  it('encrypted text is a locked placeholder that keeps what Evernote encrypted', async () => {
    const { summary, bodies } = await imported('encrypted.enex');
    expect(bodies.get('Bank')).toBe(
      [
        'Bank',
        'Account details:',
        "🔒 **Encrypted in Evernote** (hint: the dog's name): it opens only in Evernote, with its passphrase.",
        '```evernote-encrypted\nRU5DMI2q9Kq0n3pC8c3XqXyVYHcV0h2k1l2m3n4o5p6q7r8s\n```',
        'Call them on Monday.',
      ].join('\n\n'),
    );
    expect(summary.changed).toEqual([
      { name: 'encrypted.enex (Bank)', changes: ['encrypted text kept locked'] },
    ]);
  });

  it('nested lists, numbered lists, links and highlights', async () => {
    const { summary, bodies } = await imported('lists-links-highlights.enex');
    expect(summary).toEqual({ imported: 1, skipped: 0, failed: [] });
    expect(bodies.get('Reading')).toBe(
      [
        'Reading',
        '',
        '- Books',
        '  - Dune',
        '  - Emma',
        '    1. Vol. 1',
        '- Films',
        '',
        '3. Third',
        '4. Fourth',
        '',
        'See [the list](https://example.com/books?a=1&b=2) and [[Reading]].',
        '',
        'An ==old highlight==, a ==new one==, and ~~struck~~ text.',
      ].join('\n'),
    );
  });
});
