import { describe, expect, it } from 'vitest';
import { proseStretches, replaceInProse } from './prose.js';

const prose = (text: string) =>
  Array.from(proseStretches(text), ([from, to]) => text.slice(from, to));

describe('the prose of a Markdown text', () => {
  it('leaves out code blocks and inline code spans', () => {
    const text =
      'See `a.png` and ``b ` c`` here\n\n```md\nfenced.png\n```\n\n    indented.png\n\n- list\n\n    list text';
    expect(prose(text)).toEqual(['See ', ' and ', ' here', '    ', '- list', '    list text']);
  });

  it('reads a backtick with no closing run as text', () => {
    expect(prose('one ` two')).toEqual(['one ` two']);
    expect(prose('``x` y')).toEqual(['``x` y']);
  });

  it('replaces only outside code', () => {
    const text = '![](a.png) `![](b.png)`\n~~~\n![](c.png)\n~~~\n![](d.png)';
    expect(replaceInProse(text, /!\[\]\((\w+)\.png\)/g, (_, name) => `<${name}>`)).toBe(
      '<a> `![](b.png)`\n~~~\n![](c.png)\n~~~\n<d>',
    );
    expect(replaceInProse('`only code`', /code/g, () => 'x')).toBe('`only code`');
  });
});
