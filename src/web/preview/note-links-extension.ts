import type { MarkedExtension, Tokens } from 'marked';
import { wikiLinkAt } from '../../shared/wiki-links.js';
import { escapeHtml } from './escape-html.js';

/** The address a rendered `[[link]]` carries: a fragment of this page, never another page. */
export const NOTE_LINK_PREFIX = '#note:';

interface NoteLinkToken extends Tokens.Generic {
  type: 'noteLink';
  target: string;
  shown: string;
}

/** The link's target from a rendered note link's address. */
export function noteLinkTarget(href: string): string | null {
  if (!href.startsWith(NOTE_LINK_PREFIX)) return null;
  try {
    return decodeURIComponent(href.slice(NOTE_LINK_PREFIX.length));
  } catch {
    return null;
  }
}

/**
 * `[[Title]]` and its forms as links inside the app. marked reads code spans and blocks before
 * this, so a `[[…]]` in code stays text.
 */
export const noteLinks: MarkedExtension = {
  extensions: [
    {
      name: 'noteLink',
      level: 'inline',
      start(src) {
        const at = src.indexOf('[[');
        return at === -1 ? undefined : at;
      },
      tokenizer(src): NoteLinkToken | undefined {
        const link = wikiLinkAt(src);
        if (!link) return undefined;
        return {
          type: 'noteLink',
          raw: src.slice(0, link.to),
          target: link.target,
          shown: link.shown,
        };
      },
      renderer(token) {
        const { target, shown } = token as NoteLinkToken;
        const href = `${NOTE_LINK_PREFIX}${encodeURIComponent(target)}`;
        return `<a href="${escapeHtml(href)}">${escapeHtml(shown)}</a>`;
      },
    },
  ],
};
