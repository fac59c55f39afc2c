import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { readImportFile } from './read-import-file.js';

// Inputs that made an importer's work grow with the square of the file: each one took from
// seconds to a minute of blocked event loop before. Linear code reads them at once.
const limits = { maxUnpacked: 512 * 1024 * 1024, maxEntries: 100_000 };
const read = (name: string, text: string) => readImportFile(name, Buffer.from(text), limits);

describe('importers on long runs and repeats', () => {
  it('a Simplenote note of 300,000 spaces between two words, with a tag', async () => {
    const content = `a${' '.repeat(300_000)}b`;
    const file = JSON.stringify({ activeNotes: [{ id: 'n', content, tags: ['list'] }] });
    const { notes } = await read('notes.json', file);
    expect(notes.map((note) => note.body)).toEqual([`${content}\n\n#list`]);
  });

  it('a note ending in 300,000 spaces gets its tags after them', async () => {
    const file = JSON.stringify({
      activeNotes: [{ content: `a${' '.repeat(300_000)}`, tags: ['x'] }],
    });
    const { notes } = await read('notes.json', file);
    expect(notes[0]?.body).toBe('a\n\n#x');
  });

  it('an Evernote note whose content repeats "<en-note" 60,000 times', async () => {
    const content = '<en-note'.repeat(60_000);
    const enex = `<?xml version="1.0"?><en-export><note><title>Loop</title><content><![CDATA[${content}]]></content></note></en-export>`;
    const { notes, failed } = await read('loop.enex', enex);
    expect(failed).toEqual([]);
    expect(notes).toHaveLength(1);
    expect(notes[0]?.body.startsWith('Loop')).toBe(true);
  });

  it('an Evernote note keeps the text inside <en-note> and nothing around it', async () => {
    const enml =
      '<?xml version="1.0"?><!DOCTYPE en-note SYSTEM "x"><en-note style="a"><p>Inside</p></en-note>\n';
    const enex = `<en-export><note><title>T</title><content><![CDATA[${enml}]]></content></note></en-export>`;
    const { notes } = await read('one.enex', enex);
    expect(notes[0]?.body).toBe('T\n\nInside');
  });

  it('a Standard Notes tag that names one note a million times', async () => {
    const references = Array.from({ length: 1_000_000 }, () => ({ uuid: 'n1' }));
    const backup = {
      items: [
        { uuid: 'n1', content_type: 'Note', content: { title: 'Shopping', text: 'milk' } },
        { uuid: 't1', content_type: 'Tag', content: { title: 'errands', references } },
      ],
    };
    const { notes } = await read('backup.txt', JSON.stringify(backup));
    expect(notes.map((note) => note.body)).toEqual(['Shopping\n\nmilk\n\n#errands']);
  });

  it('a Standard Notes tag with a long title, naming one note a million times', async () => {
    const references = Array.from({ length: 1_000_000 }, () => ({ uuid: 'n1' }));
    const backup = {
      items: [
        { uuid: 'n1', content_type: 'Note', content: { title: 'Shopping', text: 'milk' } },
        {
          uuid: 't1',
          content_type: 'Tag',
          content: { title: `to${' '.repeat(100_000)}do`, references },
        },
      ],
    };
    const { notes } = await read('backup.txt', JSON.stringify(backup));
    expect(notes.map((note) => note.body)).toEqual(['Shopping\n\nmilk\n\n#toDo']);
  });

  it('front matter of 800 keys is read in one pass and, holding other keys, stays in the note', async () => {
    const keys = Array.from({ length: 800 }, (_, i) => `key${i}: value`).join('\n');
    const text = `---\ntitle: Many\n${keys}\n---\nbody`;
    const { notes } = await read('many.md', text);
    expect(notes[0]?.body).toBe(`Many\n\n---\ntitle: Many\n${keys}\n\n---\n\nbody`);
  });

  it('front matter with a repeated key stays in the note, so neither value is lost', async () => {
    const text = '---\ntitle: First\ntitle: Second\n---\nbody';
    const { notes } = await read('twice.md', text);
    expect(notes[0]?.body).toBe(`twice\n\n${text}`);
  });

  it('front matter with YAML aliases stays in the note as written', async () => {
    const aliases = Array.from({ length: 2_000 }, (_, i) => `k${i}: *a`).join('\n');
    const text = `---\ntags: &a [x]\n${aliases}\n---\nbody`;
    const { notes } = await read('alias.md', text);
    expect(notes[0]?.body).toBe(`alias\n\n${text}`);
  });

  it('front matter longer than 16 KiB is not parsed and stays in the note', async () => {
    const tags = Array.from({ length: 4_000 }, () => 'tag').join(', ');
    const text = `---\ntitle: Long\ntags: [${tags}]\n---\nbody`;
    const { notes } = await read('long.md', text);
    expect(notes[0]?.body).toBe(`long\n\n${text}`);
  });

  const enex = (...notes: [title: string, enml: string][]) =>
    `<en-export>${notes.map(([title, enml]) => `<note><title>${title}</title><content><![CDATA[<en-note>${enml}</en-note>]]></content></note>`).join('')}</en-export>`;

  it('an Evernote note of 20,000 line breaks and one of 100,000 non-breaking spaces', async () => {
    const { notes, failed } = await read(
      'blank.enex',
      enex(
        ['Breaks', `<div>a${'<br/>'.repeat(20_000)}b</div>`],
        ['Spaces', `<p>a${'&nbsp;'.repeat(100_000)}b</p>`],
      ),
    );
    expect(failed).toEqual([]);
    expect(notes[0]?.body).toBe(`Breaks\n\na${'  \n'.repeat(20_000)}b`);
    expect(notes[1]?.body).toBe(`Spaces\n\na${'\u00a0'.repeat(100_000)}b`);
  });

  it('an Evernote note nested 20,000 deep fails alone, with the reason', async () => {
    const deep = `${'<div>'.repeat(20_000)}x${'</div>'.repeat(20_000)}`;
    const { notes, failed } = await read('deep.enex', enex(['Deep', deep], ['Fine', '<p>ok</p>']));
    expect(notes.map((note) => note.body)).toEqual(['Fine\n\nok']);
    expect(failed).toEqual([
      { name: 'deep.enex (Deep)', error: 'HTML nested more than 256 elements deep' },
    ]);
  });

  it('an Evernote element with 100,000 attributes fails alone, with the reason', async () => {
    const attributes = Array.from({ length: 100_000 }, (_, i) => `data-a${i}="v"`).join(' ');
    const { notes, failed } = await read(
      'attrs.enex',
      enex(['Wide', `<div ${attributes}>x</div>`]),
    );
    expect(notes).toEqual([]);
    expect(failed).toEqual([
      { name: 'attrs.enex (Wide)', error: 'an HTML element with more than 256 attributes' },
    ]);
  });

  it('20,000 checkboxes in one block are a task list, not 20,000 levels of nesting', async () => {
    const todos = Array.from(
      { length: 20_000 },
      (_, i) => `<en-todo checked="${i % 2 === 0}"/>item ${i}<br/>`,
    );
    const { notes, failed } = await read(
      'todo.enex',
      enex(['Todo', `<div>${todos.join('')}</div>`]),
    );
    expect(failed).toEqual([]);
    const lines = notes[0]?.body.split('\n') ?? [];
    expect(lines).toHaveLength(20_002);
    expect(lines.slice(2, 4)).toEqual(['- [x] item 0', '- [ ] item 1']);
  });

  it('Evernote tables of 10,000 rows or cells, and a numbered list of 10,000 items', async () => {
    const { notes, failed } = await read(
      'tables.enex',
      enex(
        [
          'Rows',
          `<table>${'<tr><td><div>a|b</div></td><td><div>c</div></td></tr>'.repeat(10_000)}</table>`,
        ],
        ['Cells', `<table><tr>${'<td><div>x</div><div>y</div></td>'.repeat(10_000)}</tr></table>`],
        ['Numbers', `<ol>${'<li><div>n</div></li>'.repeat(10_000)}</ol>`],
      ),
    );
    expect(failed).toEqual([]);
    const bodies = new Map(notes.map((note) => [note.body.split('\n')[0], note.body]));
    expect(bodies.get('Rows')?.split('\n')).toHaveLength(10_003);
    expect(bodies.get('Rows')?.split('\n')[4]).toBe('| a\\|b | c |');
    expect(bodies.get('Cells')?.split('\n')[2]).toBe(
      `| ${Array(10_000).fill('x<br>y').join(' | ')} |`,
    );
    expect(bodies.get('Numbers')?.endsWith('\n10000. n')).toBe(true);
  });

  it('Evernote lists nested 10,000 times in one list, and text of 10,000 escapes', async () => {
    const { notes, failed } = await read(
      'text.enex',
      enex(
        ['Nested', `<ul>${'<li>a</li><ul><li>b</li></ul>'.repeat(10_000)}</ul>`],
        ['Angles', `<div>${'&lt;x&gt; == &amp;lt; '.repeat(10_000)}</div>`],
        ['Marks', `<div>${'\uE002\uE004\uE005a'.repeat(10_000)}</div>`],
      ),
    );
    expect(failed).toEqual([]);
    const bodies = new Map(notes.map((note) => [note.body.split('\n')[0], note.body]));
    expect(bodies.get('Nested')?.split('\n')).toHaveLength(20_002);
    expect(bodies.get('Nested')?.endsWith('- a\n  - b')).toBe(true);
    expect(bodies.get('Angles')).toBe(
      `Angles\n\n${'\\<x> \\=\\= \\&lt; '.repeat(10_000).trimEnd()}`,
    );
    expect(bodies.get('Marks')).toBe(`Marks\n\n${'a'.repeat(10_000)}`);
  });

  it('the text after an attachment or a checkbox stays outside it, and is kept', async () => {
    const enml =
      '<div><en-media type="image/png" hash="ab12"/>Caption</div><div><en-todo checked="true"/>Done</div>';
    const { notes } = await read('media.enex', enex(['Media', enml]));
    expect(notes[0]?.body).toBe('Media\n\n(attachment)Caption\n\n- [x] Done');
  });

  it('a vault of long runs: backticks of every length, spaces in a link, brackets, repeated tags', async () => {
    let runs = '';
    for (let length = 1; runs.length < 300_000; length += 1)
      runs += `${'`'.repeat(length)} [[Other]] `;
    const tags = Array.from({ length: 1_000 }, () => 'x').join(', ');
    const vault = zipSync({
      'V/Runs.md': strToU8(`${runs}\n[[Other${' '.repeat(300_000)}]]\n${'['.repeat(300_000)}`),
      'V/Tags.md': strToU8(`---\ntags: [${tags}]\n---\n${'#a '.repeat(100_000)}![[pic.png]]`),
      'V/Other.md': strToU8('text'),
    });
    const { notes, failed, changed } = await readImportFile(
      'vault.zip',
      Buffer.from(vault),
      limits,
    );
    expect(notes.map((note) => note.body.split('\n')[0])).toEqual(
      expect.arrayContaining(['Runs', 'Tags', 'Other']),
    );
    expect(failed).toEqual([]);
    expect(changed).toEqual([
      { name: 'vault.zip/V/Tags.md', changes: ['the attachment "pic.png" is not in the file'] },
    ]);
  });
});
