import { describe, expect, it } from 'vitest';
import type { Note } from '../../shared/note.js';
import { noteAsMarkdown, readFrontMatter } from './front-matter.js';

const note = (body: string): Note => ({
  id: 'n1',
  body,
  revision: 1,
  timeCreated: 1_700_000_000,
  timeLastModified: 1_700_000_100,
});

describe('a note as a Markdown file of the export', () => {
  it('reads back as Quire’s own file, with the links the export wrote otherwise', () => {
    const written = new Map([['Health|fitness', ['fitness', 'Health|fitness']]]);
    const front = readFrontMatter(noteAsMarkdown(note('Week\n[[Health|fitness]]'), written));
    expect(front).toMatchObject({ fromQuire: true, body: 'Week\n[[Health|fitness]]' });
    expect(front.linksWritten).toEqual(written);
  });

  it('merges the note’s own front matter into one block, and reads the note back as it was', () => {
    const bodies = [
      '---\nstatus: draft\naliases: [Plan]\n---\n# Plan\nstep one #work',
      '---\ntags: [a, b]\ncolor: "#fff"\n---',
      '---\nkey: value\n---\n\n\ntext after blank lines',
    ];
    for (const body of bodies) {
      const file = noteAsMarkdown(note(body));
      expect(file.match(/^---$/gm)).toHaveLength(2);
      expect(file).toContain(body.slice(4, body.indexOf('\n---')));
      expect(readFrontMatter(file)).toMatchObject({ fromQuire: true, id: 'n1', body });
    }
    expect(noteAsMarkdown(note(bodies[1] as string))).not.toContain('tags: []');
  });

  it('keeps two blocks when the note’s own holds a key of Quire’s', () => {
    const body = '---\nid: mine\n---\ntext';
    const file = noteAsMarkdown(note(body));
    expect(file.endsWith(`---\n${body}`)).toBe(true);
    expect(readFrontMatter(file)).toMatchObject({ fromQuire: true, body });
  });

  it('leaves them out when they would make front matter too long to read back', () => {
    const many = new Map(
      Array.from({ length: 2_000 }, (_, i) => [`Health|fit ${i}`, [`fit ${i}`]] as const),
    );
    const front = readFrontMatter(noteAsMarkdown(note('Week\n[[fit 1]]'), many));
    expect(front).toMatchObject({ fromQuire: true, body: 'Week\n[[fit 1]]' });
    expect(front.linksWritten.size).toBe(0);
  });
});
