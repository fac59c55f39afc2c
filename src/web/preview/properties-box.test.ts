import { describe, expect, it } from 'vitest';
import { markdownToHtml } from './markdown-to-html.js';

describe('a note’s properties in the preview', () => {
  it('shows the block after the title line as names and values, links as links', () => {
    const html = markdownToHtml(
      'Health\n\n---\naliases: [fitness, "Well, being"]\ntags:\n  - run\nsee: "[[Plan]]"\n\n---\n\nText',
    );
    expect(html).toBe(
      '<p>Health</p>\n<dl data-properties=""><dt>aliases</dt><dd><ul><li>fitness</li><li>Well, being</li></ul></dd>' +
        '<dt>tags</dt><dd><ul><li>run</li></ul></dd><dt>see</dt><dd><a href="#note:Plan">Plan</a></dd></dl>\n<p>Text</p>\n',
    );
  });

  it('shows front matter at the top the same way, and YAML it does not read as written', () => {
    expect(markdownToHtml('---\nrating: 5\n---\n# Title')).toBe(
      '<dl data-properties=""><dt>rating</dt><dd>5</dd></dl>\n<h1>Title</h1>\n',
    );
    expect(markdownToHtml('---\nnested:\n  key: <b>\n---\nText')).toBe(
      '<dl data-properties=""><dd><pre><code>nested:\n  key: &#60;b&#62;</code></pre></dd></dl>\n<p>Text</p>\n',
    );
  });

  it('leaves a rule under a title alone', () => {
    expect(markdownToHtml('Title\n\n---\n\nText')).toBe('<p>Title</p>\n<hr>\n<p>Text</p>\n');
  });
});
