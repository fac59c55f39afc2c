import { Marked } from 'marked';
import { describe, expect, it } from 'vitest';
import { noteLinks, noteLinkTarget } from './note-links-extension.js';

const render = (text: string) =>
  new Marked({ gfm: true, async: false }, noteLinks).parse(text) as string;

describe('note links in the preview', () => {
  it('renders [[links]] as links to a fragment naming the note, shown text as written', () => {
    expect(render('See [[Trip plan]] and [[Trip plan#Day 2|day two]].')).toBe(
      '<p>See <a href="#note:Trip%20plan">Trip plan</a> and <a href="#note:Trip%20plan">day two</a>.</p>\n',
    );
    expect(noteLinkTarget('#note:Trip%20plan')).toBe('Trip plan');
    expect(noteLinkTarget('https://example.org/#note:x')).toBeNull();
  });

  it('leaves [[links]] in code as text', () => {
    expect(render('`[[Code]]`')).toBe('<p><code>[[Code]]</code></p>\n');
    expect(render('```\n[[Fenced]]\n```')).toBe('<pre><code>[[Fenced]]\n</code></pre>\n');
    expect(render('    [[Indented]]')).toBe('<pre><code>[[Indented]]\n</code></pre>\n');
  });

  it("shows code in what a link shows, and reads a table cell's \\| as its bar", () => {
    expect(render('[[Functions#hasTag|`hasTag` and `<b>`]]')).toBe(
      '<p><a href="#note:Functions"><code>hasTag</code> and <code>&#60;b&#62;</code></a></p>\n',
    );
    expect(render('| a |\n|---|\n| [[Outline\\|Table of contents]] |')).toContain(
      '<td><a href="#note:Outline">Table of contents</a></td>',
    );
  });

  it('escapes what the link shows and where it points', () => {
    const html = render('[[<img src=x onerror=alert(1)>|"><script>]]');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<script');
    expect(html).toContain('&#34;&#62;&#60;script&#62;');
  });
});
