import { describe, expect, it } from 'vitest';
import { prepareMarkup } from './enml-markup.js';

describe('prepareMarkup', () => {
  it('closes XHTML-style empty elements and leaves void ones alone', () => {
    expect(prepareMarkup('<en-todo checked="true"/>a<br/><img src="x"/>').html).toBe(
      '<en-todo checked="true"></en-todo>a<br/><img src="x"/>',
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
