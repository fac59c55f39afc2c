import { Marked } from 'marked';
import { describe, expect, it } from 'vitest';
import { diagrams } from './diagram-extension.js';

const render = (text: string) =>
  new Marked({ gfm: true, async: false }, diagrams).parse(text) as string;

describe('diagrams in the preview', () => {
  it('marks ```mermaid blocks for drawing, their text escaped', () => {
    expect(render('```mermaid\ngraph TD; A["<b>x</b>"]-->B\n```')).toBe(
      '<pre data-diagram="mermaid"><code>graph TD; A[&#34;&#60;b&#62;x&#60;/b&#62;&#34;]--&#62;B</code></pre>\n',
    );
    expect(render('~~~ Mermaid title\npie\n~~~')).toContain('data-diagram="mermaid"');
  });

  it('leaves other code blocks as they were', () => {
    expect(render('```js\nx\n```')).toBe('<pre><code class="language-js">x\n</code></pre>\n');
    expect(render('```mermaidish\nx\n```')).not.toContain('data-diagram');
  });
});
