import { describe, expect, it } from 'vitest';
import { markdownToHtml } from './markdown-to-html.js';

describe('the preview reads highlights, footnotes and links to headings', () => {
  it('draws ==text== as a mark, with what is inside it, and leaves code alone', () => {
    expect(markdownToHtml('a ==bright **bold** idea== here')).toContain(
      '<mark>bright <strong>bold</strong> idea</mark>',
    );
    expect(markdownToHtml('`==not==` and == spaced ==')).not.toContain('<mark>');
  });

  it('links footnotes both ways', () => {
    const html = markdownToHtml('A claim.[^1]\n\n[^1]: The source.');
    expect(html).toContain('href="#footnote-1"');
    expect(html).toContain('id="footnote-1"');
    expect(html).toContain('href="#footnote-ref-1"');
  });

  it('makes [[#Heading]] and [[#Heading|shown]] links within the note, not to another note', () => {
    const html = markdownToHtml('See [[#Packing list]] and [[#Packing list|what to take]].');
    expect(html).toContain('<a href="#heading:Packing%20list">Packing list</a>');
    expect(html).toContain('<a href="#heading:Packing%20list">what to take</a>');
    expect(html).not.toContain('#note:');
  });
});
