import { Marked } from 'marked';
import markedFootnote from 'marked-footnote';
import { blockIds } from './block-ids-extension.js';
import { callouts } from './callout-extension.js';
import { diagrams } from './diagram-extension.js';
import { headingLinks } from './heading-links-extension.js';
import { highlights } from './highlight-extension.js';
import { math } from './math-extension.js';
import { type NoteEmbedding, noteEmbeds } from './note-embeds-extension.js';
import { noteLinks } from './note-links-extension.js';
import { withPropertiesBox } from './properties-box.js';

// GitHub-flavoured Markdown (tables, task lists, strikethrough), line breaks as written.
// `[[Title]]` links to other notes as well (`[[#Heading]]` to a heading of this one), and what
// vaults hold: properties, callouts, formulas, diagrams, highlights, footnotes and embedded
// notes; block ids are left out.
const OPTIONS = { gfm: true, breaks: true, async: false } as const;
// Each renderer has its own footnotes (an embedded note's are its own).
const extensions = () => [
  headingLinks,
  noteLinks,
  callouts,
  math,
  diagrams,
  highlights,
  markedFootnote(),
  blockIds,
];

/** Which notes embeds name, while one text is rendered. */
let noteText: NoteEmbedding['noteText'] = () => undefined;
// An embedded note is rendered without embeds of its own: they are links, one level deep.
const embedded = new Marked(
  OPTIONS,
  ...extensions(),
  noteEmbeds(() => ({ noteText })),
);
const markdown = new Marked(
  OPTIONS,
  ...extensions(),
  noteEmbeds(() => ({ noteText, render: (text) => rendered(embedded, text) })),
);

/** A text rendered by `marked`, its properties block drawn as a box. */
function rendered(marked: Marked, text: string): string {
  return withPropertiesBox(
    text,
    (part) => marked.parse(part) as string,
    (part) => marked.parseInline(part) as string,
  );
}

/**
 * A note's Markdown as HTML, not yet sanitized. `textOf` gives the text of the note an
 * `![[embed]]` names, if it names one.
 */
export function markdownToHtml(
  text: string,
  textOf: (target: string) => string | undefined = () => undefined,
): string {
  noteText = textOf;
  try {
    return rendered(markdown, text);
  } finally {
    noteText = () => undefined;
  }
}
