import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { noteTags } from '../../../shared/note-tags.js';
import {
  linkIndex,
  linkTitle,
  noteAliases,
  resolveLink,
  wikiLinks,
} from '../../../shared/wiki-links.js';
import { readImportFile } from './read-import-file.js';
import { vaultRoot } from './vault-links.js';

const limits = { maxUnpacked: 64 * 1024 * 1024, maxEntries: 10_000 };
const utf8 = (text: string) => new TextEncoder().encode(text);

async function importVault(files: Record<string, string>) {
  const zip = zipSync(Object.fromEntries(Object.entries(files).map(([p, t]) => [p, utf8(t)])));
  const parsed = await readImportFile('vault.zip', Buffer.from(zip), limits);
  const notes = parsed.notes.map((note, i) => ({
    id: String(i),
    body: note.body,
    timeLastModified: i,
  }));
  const byTitle = new Map(notes.map((note) => [linkTitle(note.body) ?? '', note.body]));
  const index = linkIndex(notes);
  /** Where each link of the note titled `title` leads, by the title of the note it finds. */
  const linksOf = (title: string) =>
    wikiLinks(byTitle.get(title) ?? '').map((link) => {
      const found = resolveLink(index, link.target);
      return found ? linkTitle(found.body) : `unresolved: ${link.target}`;
    });
  return { parsed, byTitle, linksOf };
}

describe('an Obsidian vault', () => {
  it('keeps properties after the title line, where aliases resolve links', async () => {
    const { byTitle, linksOf } = await importVault({
      'Vault/Health.md':
        '---\naliases: [fitness, "Well, being"]\ntags: [body/running]\n---\n# Health\nSee #running',
      'Vault/Log.md': 'Ran. [[fitness]] and [[Well, being]]',
    });
    const health = byTitle.get('Health') as string;
    expect(health).toBe(
      '# Health\n\n---\naliases: [fitness, "Well, being"]\ntags: [body/running]\n\n---\n\nSee #running\n\n#body/running',
    );
    expect(noteAliases(health)).toEqual(['fitness', 'Well, being']);
    expect(noteTags(health)).toEqual(['running', 'body/running']);
    expect(linksOf('Log')).toEqual(['Health', 'Health']);
  });

  it('adds no title when the text starts with it as a heading, after known front matter too', async () => {
    const { parsed } = await importVault({
      'V/Plan.md': '# Plan\nstep',
      'V/Trip.md': '---\ntags: [travel]\n---\n\n## Trip\nday 1',
      'V/Other.md': 'Not the name\ntext',
    });
    expect(parsed.notes.map((note) => note.body).sort()).toEqual([
      '# Plan\nstep',
      '## Trip\nday 1\n\n#travel',
      'Other\n\nNot the name\ntext',
    ]);
  });

  it('makes folders nested tags, leaving out the folder the whole vault is in', async () => {
    const { byTitle } = await importVault({
      'Vault/Top.md': 'top',
      'Vault/Projects/Work/2026 plan.md': 'plan',
      'Vault/Daily notes/Monday.md': 'ran',
    });
    expect(byTitle.get('Top')).toBe('Top\n\ntop');
    expect(noteTags(byTitle.get('2026 plan') as string)).toEqual(['Projects/Work']);
    expect(byTitle.get('Monday')).toBe('Monday\n\nran\n\n#DailyNotes');
  });

  it('gives notes sharing a file name unique titles, and leads each link to the note it named', async () => {
    const { byTitle, linksOf } = await importVault({
      'Vault/Ideas.md': 'root ideas',
      'Vault/Work/Ideas.md': 'work ideas',
      'Vault/Home/Ideas.md': 'home ideas',
      'Vault/Work/Board.md':
        'Bare [[Ideas]] here is Work/Ideas; ![[Home/Ideas]] [[../Ideas.md|root]]',
      'Vault/Index.md':
        '[[Ideas]], [[Work/Ideas#Q1|work]], [[Home/Ideas]], [[Nowhere]] `[[Work/Ideas]]`',
    });
    expect([...byTitle.keys()].sort()).toEqual([
      'Board',
      'Ideas',
      'Ideas (Home)',
      'Ideas (Work)',
      'Index',
    ]);
    expect(byTitle.get('Ideas (Work)')).toBe('Ideas (Work)\n\nwork ideas\n\n#Work');
    expect(byTitle.get('Index')).toBe(
      'Index\n\n[[Ideas]], [[Ideas (Work)#Q1|work]], [[Ideas (Home)]], [[Nowhere]] `[[Work/Ideas]]`',
    );
    expect(linksOf('Index')).toEqual([
      'Ideas',
      'Ideas (Work)',
      'Ideas (Home)',
      'unresolved: Nowhere',
    ]);
    expect(linksOf('Board')).toEqual(['Ideas (Work)', 'Ideas (Home)', 'Ideas']);
    expect(byTitle.get('Board')).toBe(
      'Board\n\nBare [[Ideas (Work)]] here is Work/Ideas; ![[Ideas (Home)]] [[Ideas|root]]\n\n#Work',
    );
  });

  it('turns Markdown links to note files and Joplin :/id links into [[links]]', async () => {
    const { byTitle } = await importVault({
      'Book/Groceries.md':
        '---\ntitle: Groceries\nid: 0123456789abcdef0123456789abcdef\n---\n\nmilk',
      'Book/Sub/Menu.md':
        '[the list](../Groceries.md), [Groceries](<../Groceries.md#Dairy>), [by id](:/0123456789abcdef0123456789abcdef), [site](https://a.md), ![pic](../x.md)',
    });
    expect(byTitle.get('Menu')).toBe(
      'Menu\n\n[[Groceries|the list]], [[Groceries#Dairy|Groceries]], [[Groceries|by id]], [site](https://a.md), ![pic](../x.md)\n\n#Sub',
    );
  });

  it('finds the vault’s own folder', () => {
    expect(vaultRoot(['V/a.md', 'V/b/c.md'])).toBe('V/');
    expect(vaultRoot(['V/x/a.md', 'V/x/b.md'])).toBe('V/x/');
    expect(vaultRoot(['a.md', 'V/b.md'])).toBe('');
    expect(vaultRoot([])).toBe('');
  });
});
