import { tagName, tagSpans } from './note-tags.js';

/** Notes tagged `#template` (or under it: `#template/meeting`) start new notes. */
export const TEMPLATE_TAG = 'template';

export function isTemplateTag(name: string): boolean {
  return name === TEMPLATE_TAG || name.startsWith(`${TEMPLATE_TAG}/`);
}

/** What a template's placeholders become: `{{date}}`, `{{time}}` and `{{title}}`. */
export interface TemplateValues {
  date: string;
  time: string;
  title: string;
}

/** A new note's text from a template, and where its cursor goes. */
export interface FilledTemplate {
  text: string;
  cursor: number;
}

const PLACEHOLDER = /\{\{\s*(date|time|title)\s*\}\}/gi;

/** The template's text without its `#template` tags, so the new note is not a template too. */
function withoutTemplateTags(body: string): string {
  const lines: string[] = [];
  for (const line of body.split('\n')) {
    let kept = '';
    let from = 0;
    for (const span of tagSpans(line)) {
      if (!isTemplateTag(tagName(span.written))) continue;
      kept += line.slice(from, span.from).trimEnd();
      from = span.to;
    }
    if (from === 0) lines.push(line);
    else if ((kept + line.slice(from)).trim() !== '') lines.push(kept + line.slice(from));
    // A line that held only the tag goes with it.
  }
  return lines.join('\n');
}

/**
 * Fills a template in. The cursor goes where the title goes when there is no title yet (so the
 * person types it there), else at the end of the text.
 */
export function fillTemplate(body: string, values: TemplateValues): FilledTemplate {
  const source = withoutTemplateTags(body);
  let text = '';
  let cursor: number | undefined;
  let from = 0;
  for (const match of source.matchAll(PLACEHOLDER)) {
    text += source.slice(from, match.index);
    const name = (match[1] ?? '').toLowerCase() as keyof TemplateValues;
    if (name === 'title' && values.title === '' && cursor === undefined) cursor = text.length;
    text += values[name];
    from = match.index + match[0].length;
  }
  text += source.slice(from);
  return { text, cursor: cursor ?? text.length };
}
