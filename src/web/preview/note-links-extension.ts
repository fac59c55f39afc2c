import type { MarkedExtension, Tokens } from 'marked';
import { escapeHtml } from '../../shared/escape-html.js';
import { readMarkdown } from '../../shared/markdown/read-markdown.js';
import { wikiLinkAt } from '../../shared/wiki-links.js';

/** The address a rendered `[[link]]` carries: a fragment of this page, never another page. */
export const NOTE_LINK_PREFIX = '#note:';

interface NoteLinkToken extends Tokens.Generic {
  type: 'noteLink';
  target: string;
  shown: string;
}

/** What a link shows, as text with its code spans as code (`[[Functions|`hasTag`]]`). */
function shownHtml(shown: string): string {
  let html = '';
  let copied = 0;
  for (const { from, to } of readMarkdown(shown).code) {
    html += escapeHtml(shown.slice(copied, from)) + codeHtml(shown.slice(from, to));
    copied = to;
  }
  return html + escapeHtml(shown.slice(copied));
}

/** A code span as written (its backticks and their spaces taken off) as HTML. */
function codeHtml(span: string): string {
  const inside = span.replace(/^`+|`+$/g, '');
  const trimmed = /^ .*[^ ].* $/.test(inside) ? inside.slice(1, -1) : inside;
  return `<code>${escapeHtml(trimmed)}</code>`;
}

/** What a rendered in-app link's address (`prefix` and an encoded name) names; null for others. */
export function fragmentTarget(prefix: string, href: string): string | null {
  if (!href.startsWith(prefix)) return null;
  try {
    return decodeURIComponent(href.slice(prefix.length));
  } catch {
    return null;
  }
}

/** The link's target from a rendered note link's address. */
export const noteLinkTarget = (href: string) => fragmentTarget(NOTE_LINK_PREFIX, href);

/**
 * `[[Title]]` and its forms as links inside the app. marked reads code blocks, and code spans
 * that open before a link, first, so a `[[…]]` in code stays text.
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
        return `<a href="${escapeHtml(href)}">${shownHtml(shown)}</a>`;
      },
    },
  ],
};
