import type { MarkedExtension, Tokens } from 'marked';
import { escapeHtml } from '../../shared/escape-html.js';

/** Whether a fenced block's info string names Mermaid. */
const isMermaid = (lang: string | undefined) =>
  (lang ?? '').trim().split(/\s/, 1)[0]?.toLowerCase() === 'mermaid';

/**
 * ```mermaid blocks as placeholders the preview draws the diagram in; until then, or past its
 * limits, they show as the code they are.
 */
export const diagrams: MarkedExtension = {
  renderer: {
    code({ text, lang }: Tokens.Code) {
      if (!isMermaid(lang)) return false;
      return `<pre data-diagram="mermaid"><code>${escapeHtml(text)}</code></pre>\n`;
    },
  },
};
