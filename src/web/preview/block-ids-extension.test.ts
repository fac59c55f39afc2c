import { describe, expect, it } from 'vitest';
import { markdownToHtml } from './markdown-to-html.js';

describe('block ids in the preview', () => {
  it('leaves out an id at the end of a line, or alone under a list', () => {
    expect(markdownToHtml('Learn to link. ^b15695\nNext line')).toBe(
      '<p>Learn to link.<br>Next line</p>\n',
    );
    expect(markdownToHtml('- one\n- two\n\n^my-list-id')).toBe(
      '<ul>\n<li>one</li>\n<li>two</li>\n</ul>\n<p></p>\n',
    );
  });

  it('keeps a caret that is text', () => {
    expect(markdownToHtml('2 ^ 10 and x^2 and ^a b')).toBe('<p>2 ^ 10 and x^2 and ^a b</p>\n');
    expect(markdownToHtml('`code ^id`')).toBe('<p><code>code ^id</code></p>\n');
  });
});
