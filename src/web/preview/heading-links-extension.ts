import type { MarkedExtension, Tokens } from 'marked';
import { escapeHtml } from '../../shared/escape-html.js';
import { fragmentTarget } from './note-links-extension.js';

/** The address a rendered `[[#Heading]]` carries: a heading of this very note. */
export const HEADING_LINK_PREFIX = '#heading:';

interface HeadingLinkToken extends Tokens.Generic {
  type: 'headingLink';
  heading: string;
  shown: string;
}

/** The heading a rendered heading link names. */
export const headingLinkTarget = (href: string) => fragmentTarget(HEADING_LINK_PREFIX, href);

/** How a heading's text is compared with a link's: spaces, case and accents aside. */
export const headingKey = (text: string) =>
  text.normalize('NFKD').replace(/\p{M}/gu, '').replace(/\s+/g, ' ').trim().toLowerCase();

/**
 * `[[#Heading]]` and `[[#Heading|shown]]`: links to a heading of the note they are in, which
 * the preview scrolls to rather than opening another note.
 */
export const headingLinks: MarkedExtension = {
  extensions: [
    {
      name: 'headingLink',
      level: 'inline',
      start(src) {
        const at = src.indexOf('[[#');
        return at === -1 ? undefined : at;
      },
      tokenizer(src): HeadingLinkToken | undefined {
        const match = /^\[\[#([^\]|#\n]+)(?:\|([^\]\n]+))?\]\]/.exec(src);
        const heading = match?.[1]?.trim();
        if (!match || !heading) return undefined;
        return {
          type: 'headingLink',
          raw: match[0],
          heading,
          shown: match[2]?.trim() || heading,
        };
      },
      renderer(token) {
        const { heading, shown } = token as HeadingLinkToken;
        const href = `${HEADING_LINK_PREFIX}${encodeURIComponent(heading)}`;
        return `<a href="${escapeHtml(href)}">${escapeHtml(shown)}</a>`;
      },
    },
  ],
};
