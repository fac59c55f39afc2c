import { describe, expect, it } from 'vitest';
import { HELD_MARK, prepareMarkup } from './enml-markup.js';

describe('prepareMarkup', () => {
  it('closes XHTML-style empty elements and leaves void ones alone', () => {
    expect(prepareMarkup('<span/>a<br/><img src="x"/>').html).toBe(
      '<span></span>a<br/><img src="x"/>',
    );
  });

  it('gives Evernote’s empty elements a mark to hold, so no converter takes them for blank', () => {
    expect(prepareMarkup('<en-todo checked="true"/>a<en-media hash="1"></en-media>').html).toBe(
      `<en-todo checked="true">${HELD_MARK}</en-todo>a<en-media hash="1">${HELD_MARK}</en-media>`,
    );
  });

  it('measures nesting as an HTML parser builds it', () => {
    expect(prepareMarkup('<div><div><p>a</p></div></div>').depth).toBe(3);
    expect(prepareMarkup('<ul><li>a<li>b<li>c</ul>').depth).toBe(2);
    expect(prepareMarkup('<div>a<br><hr><en-todo/>b</div>').depth).toBe(1);
  });

  it('counts attributes, reading quoted values whole', () => {
    const shape = prepareMarkup('<a href="x>y" title=\'a b\' data-x=1 checked>t</a>');
    expect(shape.mostAttributes).toBe(4);
    expect(shape.depth).toBe(1);
  });

  it('skips comments and CDATA, and text that only looks like a tag', () => {
    const shape = prepareMarkup('<!-- <div><div> --><![CDATA[<div>]]>a < b <3 <div>x</div>');
    expect(shape.depth).toBe(1);
  });

  it('reads a tag that never ends as running to the end of the text', () => {
    expect(prepareMarkup('<div a="never closed').mostAttributes).toBe(1);
  });
});
