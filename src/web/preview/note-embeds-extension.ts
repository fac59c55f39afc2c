import type { MarkedExtension, Tokens } from 'marked';
import { escapeHtml } from '../../shared/escape-html.js';
import { noteSection } from '../../shared/note-section.js';
import { wikiLinkAt } from '../../shared/wiki-links.js';
import { NOTE_LINK_PREFIX } from './note-links-extension.js';

/** What embeds are shown with while one text is rendered. */
export interface NoteEmbedding {
  /** The text of the note `target` names; undefined when it names none (a file, say). */
  noteText(target: string): string | undefined;
  /** A note's text as HTML, its own embeds shown as links; absent inside an embed. */
  render?(text: string): string;
}

interface NoteEmbedToken extends Tokens.Generic {
  type: 'noteEmbed';
  target: string;
  shown: string;
  html: string | undefined;
}

/** Embeds shown in one note; past these, embeds are links. */
const MOST_EMBEDS = 20;
/** How much of an embedded note is shown: a huge note does not make every note that embeds it slow. */
const LONGEST_EMBEDDED = 50_000;

const START = /^ {0,3}!\[\[/;

const linkTo = (target: string, shown: string) =>
  `<a href="${escapeHtml(`${NOTE_LINK_PREFIX}${encodeURIComponent(target)}`)}">${escapeHtml(shown)}</a>`;

/**
 * A line holding only `![[Note]]` shows that note's text in place (`![[Note#Heading]]` that
 * heading's section, `![[Note#^id]]` that block), one level deep: an embed
 * inside an embedded note is a link to it. A name that is no note's (a picture, a file) is left
 * as it was written.
 */
export function noteEmbeds(embedding: () => NoteEmbedding): MarkedExtension {
  let shown = 0;
  return {
    hooks: {
      preprocess(markdown) {
        shown = 0;
        return markdown;
      },
    },
    extensions: [
      {
        name: 'noteEmbed',
        level: 'block',
        tokenizer(src): NoteEmbedToken | undefined {
          const start = START.exec(src);
          if (!start) return undefined;
          const link = wikiLinkAt(src, start[0].length - 2);
          const end = link && /^[ \t]*(?:\n|$)/.exec(src.slice(link.to));
          if (!link || !end) return undefined;
          const { noteText, render } = embedding();
          const text = noteText(link.target);
          if (text === undefined) return undefined;
          shown += 1;
          // `![[Note#Heading]]` and `![[Note#^id]]` show that part; one not found, a link.
          const part = link.heading === undefined ? text : noteSection(text, link.heading);
          const html =
            render && part !== undefined && shown <= MOST_EMBEDS
              ? render(part.slice(0, LONGEST_EMBEDDED))
              : undefined;
          return {
            type: 'noteEmbed',
            raw: src.slice(0, link.to + end[0].length),
            target: link.target,
            shown: link.shown,
            html,
          };
        },
        renderer(token) {
          const { target, shown, html } = token as NoteEmbedToken;
          if (html === undefined) return `<p>${linkTo(target, shown)}</p>\n`;
          return `<div data-embed=""><p>${linkTo(target, shown)}</p>\n${html}</div>\n`;
        },
      },
    ],
  };
}
