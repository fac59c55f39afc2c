import { describe, expect, it } from 'vitest';
import { growthOf } from '../../../test/helpers/linear-time.js';
import { readMarkdown } from './read-markdown.js';

const pieces = (text: string) => {
  const reading = readMarkdown(text);
  const slice = ({ from, to }: { from: number; to: number }) => text.slice(from, to);
  return {
    code: reading.code.map(slice),
    links: reading.links.map(slice),
    tags: reading.tags.map((tag) => tag.written),
  };
};

describe('the Markdown reader', () => {
  it('says where code is: fenced, indented and inline, never a list’s indented text', () => {
    const text =
      'See `a` and ``b ` c`` here\n\n```md\nfenced\n```\n\n    indented\n\n- list\n\n    list text';
    expect(pieces(text).code).toEqual(['`a`', '``b ` c``', '```md\nfenced\n```', 'indented']);
  });

  it('reads a backtick with no closing run as text', () => {
    expect(pieces('one ` two').code).toEqual([]);
    expect(pieces('``x` y').code).toEqual([]);
  });

  it('says where links are, embeds and links in a table included, none in code', () => {
    const text = '[[A]] ![[B#part]] `[[C]]` [[D|`shown`]] \\[[E]]\n\n| [[F\\|f]] |\n|---|\n| x |';
    expect(pieces(text).links).toEqual(['[[A]]', '[[B#part]]', '[[D|`shown`]]', '[[F\\|f]]']);
  });

  it('reads links in the properties, as Obsidian does, and no tag there', () => {
    const text = '---\nrelated: "[[Other]]"\ncolor: "#fff"\n---\n#tag';
    expect(pieces(text)).toMatchObject({ links: ['[[Other]]'], tags: ['tag'] });
    expect(readMarkdown(text).properties).toEqual({ from: 0, to: 43 });
  });

  it('reads no tag where a link or picture leads, and reads its text', () => {
    const text = 'see [a #shown](http://x/#frag "t #t") ![p](<a b#c>) [y](z(#p))#after';
    expect(pieces(text).tags).toEqual(['shown', 'after']);
  });

  it('keeps a tag’s case as written', () => {
    expect(pieces('#camelCase and #Projects/Work').tags).toEqual(['camelCase', 'Projects/Work']);
  });

  it('takes linear time on hostile input', () => {
    const hostile: ((size: number) => string)[] = [
      // Backtick runs of ever more lengths on one line: no closing run is looked for twice.
      (size) => {
        let runs = '';
        for (let length = 1; runs.length < size; length += 1) runs += `${'`'.repeat(length)} x `;
        return runs;
      },
      (size) => '[['.repeat(size / 2),
      (size) => '![['.repeat(size / 3),
      (size) => '#a'.repeat(size / 2),
      (size) => `#a${'/b'.repeat(size / 2)}`,
      (size) => '['.repeat(size),
      // Many links in one paragraph, and closing brackets with nothing to close.
      (size) => '[a]'.repeat(size / 3),
      (size) => '[s](Same.md) '.repeat(size / 13),
      (size) => 'x] '.repeat(size / 3),
      (size) => '](x "'.repeat(size / 5),
      (size) => '*a _b '.repeat(size / 6),
      (size) => `a${' '.repeat(size)}b\nc`,
      (size) => `a${' \t'.repeat(size / 2)}b`,
      (size) => '<a '.repeat(size / 3),
      (size) => '| a '.repeat(size / 4),
      (size) => `${'a `\n'.repeat(size / 4)}[[End]]`,
    ];
    for (const inputOf of hostile) {
      expect(growthOf(readMarkdown, inputOf, 40_000), inputOf.toString()).toBeLessThan(9);
    }
  });
});
