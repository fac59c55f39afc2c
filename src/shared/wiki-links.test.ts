import { describe, expect, it } from 'vitest';
import { growthOf } from '../../test/helpers/linear-time.js';
import {
  linkIndex,
  linkTitle,
  noteAliases,
  resolveLink,
  startsWithTitle,
  titleLineStart,
  wikiLinks,
} from './wiki-links.js';

const targets = (text: string) => wikiLinks(text).map((link) => link.target);

describe('wikiLinks', () => {
  it('finds a link with its offsets, target and shown text', () => {
    const text = 'See [[Groceries]] today';
    expect(wikiLinks(text)).toEqual([
      { from: 4, to: 17, target: 'Groceries', heading: undefined, shown: 'Groceries' },
    ]);
    expect(text.slice(4, 17)).toBe('[[Groceries]]');
  });

  it('reads shown text after a bar and a heading after a hash', () => {
    expect(wikiLinks('[[Trip plan|the plan]]')[0]).toMatchObject({
      target: 'Trip plan',
      heading: undefined,
      shown: 'the plan',
    });
    expect(wikiLinks('[[Trip plan#Day 2]]')[0]).toMatchObject({
      target: 'Trip plan',
      heading: 'Day 2',
      shown: 'Trip plan#Day 2',
    });
    expect(wikiLinks('[[ Trip plan # Day 2 | second day ]]')[0]).toMatchObject({
      target: 'Trip plan',
      heading: 'Day 2',
      shown: 'second day',
    });
  });

  it('finds several links on a line and on later lines, with offsets into the whole text', () => {
    const text = 'a [[One]] b [[Two]]\r\nc [[Three|3]]';
    const links = wikiLinks(text);
    expect(links.map((link) => text.slice(link.from, link.to))).toEqual([
      '[[One]]',
      '[[Two]]',
      '[[Three|3]]',
    ]);
  });

  it('is not fooled by brackets that do not make a link', () => {
    expect(targets('[[]] [[ ]] [[#only heading]] [[a\nb]] [Single] [[open')).toEqual([]);
    expect(targets('[[[Three]]]')).toEqual(['Three']);
    expect(targets('[[a]b]] [[c]]')).toEqual(['c']);
    expect(targets('\\[[escaped]]')).toEqual([]);
  });

  it('skips inline code spans, however many backticks they use', () => {
    expect(targets('`[[Code]]` and [[Real]]')).toEqual(['Real']);
    expect(targets('``a ` [[Code]]`` [[Real]]')).toEqual(['Real']);
    // A backtick run with no closing run is plain text.
    expect(targets('a ` lone [[Real]]')).toEqual(['Real']);
  });

  it('lets a link show code, as Obsidian does: what opens first wins', () => {
    expect(wikiLinks('See [[Functions#hasTag|`hasTag`]] and `x`')[0]).toMatchObject({
      target: 'Functions',
      heading: 'hasTag',
      shown: '`hasTag`',
    });
    expect(targets('[[Filters#`wikilink`|wikilink]] `[[Code]]`')).toEqual(['Filters']);
    expect(targets('`a [[b` [[c]]')).toEqual(['c']);
  });

  it('reads a bar written \\| in a table cell as the bar of the link', () => {
    expect(wikiLinks('| [[Outline\\|Table of contents]] | ![[a.png\\|100]] |')).toMatchObject([
      { target: 'Outline', shown: 'Table of contents' },
      { target: 'a.png', shown: '100' },
    ]);
  });

  it('skips fenced code blocks until their closing fence', () => {
    const text = [
      '[[Before]]',
      '```js',
      '[[Inside]]',
      '``',
      '[[Still inside]]',
      '````',
      '[[After]]',
      '~~~',
      '[[Tilde inside]]',
      '```',
      '~~~',
      '[[End]]',
    ].join('\n');
    expect(targets(text)).toEqual(['Before', 'After', 'End']);
  });

  it('skips indented code blocks but not indented list text', () => {
    const code = 'Text\n\n    [[Code]]\n    [[More code]]\n\n[[After]]';
    expect(targets(code)).toEqual(['After']);
    const list = '- item\n\n    [[In the list]]';
    expect(targets(list)).toEqual(['In the list']);
    // An indented line that continues a paragraph is not code.
    expect(targets('Text\n    [[Continued]]')).toEqual(['Continued']);
  });

  it('takes linear time on hostile input', () => {
    const hostile: ((size: number) => string)[] = [
      (size) => `${'[['.repeat(size / 4)}${'`'.repeat(3)}${' `` `'.repeat(size / 10)}`,
      (size) => `${'['.repeat(size)}]]`,
      // Backtick runs of many lengths on one line: each closing run is found in one step.
      (size) => {
        let runs = '';
        for (let length = 1; runs.length < size; length += 1)
          runs += `${'`'.repeat(length)} [[x]] `;
        return runs;
      },
      (size) => `${'a `\n'.repeat(size / 4)}[[End]]`,
    ];
    for (const inputOf of hostile) {
      expect(growthOf(wikiLinks, inputOf, 40_000), inputOf.toString()).toBeLessThan(9);
    }
    let runs = '';
    for (let length = 1; runs.length < 600_000; length += 1) runs += `${'`'.repeat(length)} [[x]] `;
    expect(wikiLinks(runs).length).toBeGreaterThan(1_000);
    // Each line's backtick is looked for in that line only, not in the rest of the text.
    expect(wikiLinks(`${'a `\n'.repeat(100_000)}[[End]]`).map((link) => link.target)).toEqual([
      'End',
    ]);
  });
});

describe('linkTitle and noteAliases', () => {
  it('names a note by its first non-blank line without heading marks', () => {
    expect(linkTitle('\n\n## Trip plan\nbody')).toBe('Trip plan');
    expect(linkTitle('Plain title')).toBe('Plain title');
    expect(linkTitle('#tag only')).toBe('#tag only');
    expect(linkTitle('---\naliases: [Lisboa]\n---\n\n# Lisbon trip\nday 1')).toBe('Lisbon trip');
    expect(linkTitle('---\nan unclosed block')).toBe('---');
    expect(linkTitle('  \n')).toBeUndefined();
  });

  it('knows a text that already starts with a title, as a heading or not, but not as a tag', () => {
    expect(startsWithTitle('\n## Trip plan\nday 1', 'Trip plan')).toBe(true);
    expect(startsWithTitle('Trip plan  \nday 1', ' Trip plan')).toBe(true);
    expect(startsWithTitle('#Trip plan', 'Trip plan')).toBe(false);
    expect(startsWithTitle('Trip plans', 'Trip plan')).toBe(false);
    expect(startsWithTitle('', 'Trip plan')).toBe(false);
  });

  it('reads aliases from front matter, inline or as a list', () => {
    expect(noteAliases('---\naliases: [Lisbon, "Trip, 2026"]\n---\nbody')).toEqual([
      'Lisbon',
      'Trip, 2026',
    ]);
    expect(
      noteAliases("---\ntitle: x\naliases:\n  - Lisbon\n  - 'The trip'\nother: 1\n---\n"),
    ).toEqual(['Lisbon', 'The trip']);
    expect(noteAliases('---\naliases: Lisbon\n---')).toEqual(['Lisbon']);
    expect(noteAliases('aliases: [Lisbon]')).toEqual([]);
    expect(noteAliases('---\naliases: [Lisbon]\nno end')).toEqual([]);
  });

  it('reads aliases from a properties block right after the title line', () => {
    // The layout an import writes: the title, then the block, apart so it is no heading.
    const imported = 'Lisbon trip\n\n---\naliases: [Lisboa]\ntype: trip\n\n---\n\nday 1';
    expect(noteAliases(imported)).toEqual(['Lisboa']);
    expect(linkTitle(imported)).toBe('Lisbon trip');
    expect(noteAliases('# Lisbon\r\n---\r\naliases:\r\n  - Lisboa\r\n---\r\n')).toEqual(['Lisboa']);
    // A rule under the title, or a block further down, holds no properties.
    expect(noteAliases('Title\n\n---\n\naliases: [x]\n\n---')).toEqual([]);
    expect(noteAliases('Title\n\ntext\n\n---\naliases: [x]\n---')).toEqual([]);
    expect(noteAliases('Title\n---\naliases: [x]\nnever closed')).toEqual([]);
  });

  it('reads properties in linear time on hostile input', () => {
    const started = performance.now();
    noteAliases(`T\n${'\n'.repeat(300_000)}---\naliases: [x]\n${'a: b\n'.repeat(100_000)}`);
    noteAliases(`T\n---\naliases:\n${'  - x\n'.repeat(200_000)}---\n`);
    noteAliases(`---\naliases: ${'['.repeat(300_000)}`);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe('resolveLink', () => {
  const note = (id: string, body: string, timeLastModified = 100) => ({
    id,
    body,
    timeLastModified,
  });

  it('finds the note whose title matches, ignoring case, accents and spacing', () => {
    const index = linkIndex([note('a', '# Café  Menu\nx'), note('b', 'Other')]);
    expect(resolveLink(index, 'café menu')?.id).toBe('a');
    expect(resolveLink(index, 'CAFE MENU')?.id).toBe('a');
    expect(resolveLink(index, 'Cafe\u0301 menu')?.id).toBe('a');
    expect(resolveLink(index, 'Missing')).toBeUndefined();
  });

  it('gives a shared title to the most recently modified note, then the first listed', () => {
    const index = linkIndex([
      note('old', 'Plan', 100),
      note('new', 'plan', 200),
      note('tie-first', 'Ideas', 300),
      note('tie-second', 'Ideas', 300),
    ]);
    expect(resolveLink(index, 'Plan')?.id).toBe('new');
    expect(resolveLink(index, 'Ideas')?.id).toBe('tie-first');
  });

  it('finds a note by an alias', () => {
    const index = linkIndex([note('a', '---\naliases: [Lisbon]\n---\nTrip')]);
    expect(resolveLink(index, 'lisbon')?.id).toBe('a');
  });
});

describe('titleLineStart', () => {
  it('is the first line with text, after any front matter', () => {
    expect(titleLineStart('Shopping\nmilk')).toBe(0);
    expect(titleLineStart('\n\n  # Plans\nmore')).toBe(2);
    expect(titleLineStart('---\naliases: [a]\n---\n\nTitle after\n')).toBe(22);
    expect(titleLineStart('   \n\n')).toBeUndefined();
  });
});
