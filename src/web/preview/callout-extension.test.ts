import { Marked } from 'marked';
import { describe, expect, it } from 'vitest';
import { calloutKind, callouts } from './callout-extension.js';

const render = (text: string) =>
  new Marked({ gfm: true, breaks: true, async: false }, callouts).parse(text) as string;

describe('callouts in the preview', () => {
  it('draws `> [!type] Title` as a box of its kind, titled, with the rest as its body', () => {
    expect(render('> [!warning] Mind **the** gap\n> Body line\n>\n> - item')).toBe(
      '<div data-callout="warning"><header>Mind <strong>the</strong> gap</header>\n' +
        '<p>Body line</p>\n<ul>\n<li>item</li>\n</ul>\n</div>\n',
    );
  });

  it("titles a callout with its type's name when it has no title", () => {
    expect(render('> [!TIP]\n> Try this')).toBe(
      '<div data-callout="tip"><header>Tip</header>\n<p>Try this</p>\n</div>\n',
    );
  });

  it('folds with + (open) and - (closed)', () => {
    expect(render('> [!faq]- Why?\n> Because')).toBe(
      '<details data-callout="question"><summary>Why?</summary>\n<p>Because</p>\n</details>\n',
    );
    expect(render('> [!info]+ Open\n> Shown')).toContain('<details data-callout="info" open>');
  });

  it('draws aliases as their kind and unknown types as notes', () => {
    expect(calloutKind('caution')).toBe('warning');
    expect(calloutKind('Error')).toBe('danger');
    expect(calloutKind('constructor')).toBe('note');
    expect(render('> [!recipe] Soup')).toBe(
      '<div data-callout="note"><header>Soup</header>\n</div>\n',
    );
  });

  it('nests, and leaves plain quotes and look-alikes as quotes', () => {
    expect(render('> [!note] Outer\n> > [!bug] Inner\n> > x')).toBe(
      '<div data-callout="note"><header>Outer</header>\n' +
        '<div data-callout="bug"><header>Inner</header>\n<p>x</p>\n</div>\n</div>\n',
    );
    expect(render('> A quote')).toBe('<blockquote>\n<p>A quote</p>\n</blockquote>\n');
    expect(render('> see [!note] later')).toContain('<blockquote>');
    expect(render('`> [!note] code`')).toBe('<p><code>&gt; [!note] code</code></p>\n');
  });
});
