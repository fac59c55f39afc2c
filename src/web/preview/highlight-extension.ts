import type { MarkedExtension, Tokens } from 'marked';

/** `==text==`, as Obsidian and many editors write a highlight, drawn as `<mark>`. */
export const highlights: MarkedExtension = {
  extensions: [
    {
      name: 'highlight',
      level: 'inline',
      start(src) {
        const at = src.indexOf('==');
        return at === -1 ? undefined : at;
      },
      tokenizer(src) {
        const match = /^==(?=\S)([^\n]*?\S)==(?!=)/.exec(src);
        if (!match) return undefined;
        return {
          type: 'highlight',
          raw: match[0],
          tokens: this.lexer.inlineTokens(match[1] ?? ''),
        };
      },
      renderer(token) {
        return `<mark>${this.parser.parseInline((token as Tokens.Generic).tokens ?? [])}</mark>`;
      },
    },
  ],
};
