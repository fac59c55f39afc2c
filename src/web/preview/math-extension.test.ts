import { Marked } from 'marked';
import { describe, expect, it } from 'vitest';
import { math } from './math-extension.js';

const render = (text: string) =>
  new Marked({ gfm: true, breaks: true, async: false }, math).parse(text) as string;
const inline = (tex: string) => `<code data-math="inline">${tex}</code>`;
const display = (tex: string) => `<code data-math="display">${tex}</code>`;

describe('formulas in the preview', () => {
  it('reads $…$ in a line as a formula, its TeX untouched by Markdown', () => {
    expect(render('Energy: $E=mc^2$, and $a_1 * b_2$.')).toBe(
      `<p>Energy: ${inline('E=mc^2')}, and ${inline('a_1 * b_2')}.</p>\n`,
    );
  });

  it('leaves prices and lone dollars as text', () => {
    expect(render('It costs $5 and $6, or $20,000.')).toBe(
      '<p>It costs $5 and $6, or $20,000.</p>\n',
    );
    expect(render('$ x$ and $x $ and $x$5')).toBe('<p>$ x$ and $x $ and $x$5</p>\n');
    expect(render('A \\$ sign, \\$x$ too')).toBe('<p>A $ sign, $x$ too</p>\n');
  });

  it('keeps an escaped dollar inside a formula', () => {
    expect(render('$a\\$b$')).toBe(`<p>${inline('a\\$b')}</p>\n`);
  });

  it('reads $$…$$ as a display formula, in a paragraph of its own or in a line', () => {
    expect(render('$$\n\\frac{a}{b}\n$$\nAfter')).toBe(
      `<p>${display('\\frac{a}{b}')}</p>\n<p>After</p>\n`,
    );
    expect(render('Then $$x^2$$ here')).toBe(`<p>Then ${display('x^2')} here</p>\n`);
  });

  it('leaves dollars in code alone', () => {
    expect(render('`$x$`')).toBe('<p><code>$x$</code></p>\n');
    expect(render('```\n$$x$$\n```')).toBe('<pre><code>$$x$$\n</code></pre>\n');
  });

  it('carries markup in a formula as text', () => {
    expect(render('$<img src=x onerror=alert(1)>$')).toBe(
      `<p>${inline('&#60;img src=x onerror=alert(1)&#62;')}</p>\n`,
    );
  });

  it('does not look far for a closing dollar', () => {
    const text = `$a${'b'.repeat(5000)}$`;
    expect(render(text)).not.toContain('data-math');
  });
});
