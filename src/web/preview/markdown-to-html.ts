import { Marked } from 'marked';
import { blockIds } from './block-ids-extension.js';
import { callouts } from './callout-extension.js';
import { diagrams } from './diagram-extension.js';
import { math } from './math-extension.js';
import { type NoteEmbedding, noteEmbeds } from './note-embeds-extension.js';
import { noteLinks } from './note-links-extension.js';
import { withPropertiesBox } from './properties-box.js';

// GitHub-flavoured Markdown (tables, task lists, strikethrough), line breaks as written.
// `[[Title]]` links to other notes as well, and what vaults hold: properties, callouts,
// formulas, diagrams and embedded notes; block ids are left out.
const OPTIONS = { gfm: true, breaks: true, async: false } as const;
const EXTENSIONS = [noteLinks, callouts, math, diagrams, blockIds];

/** Which notes embeds name, while one text is rendered. */
let noteText: NoteEmbedding['noteText'] = () => undefined;
// An embedded note is rendered without embeds of its own: they are links, one level deep.
const embedded = new Marked(
  OPTIONS,
  ...EXTENSIONS,
  noteEmbeds(() => ({ noteText })),
);
const markdown = new Marked(
  OPTIONS,
  ...EXTENSIONS,
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
