/** A property another app kept beside a note's text: its name and a plain value. */
export type NoteProperty = [name: string, value: string | boolean];

/**
 * Puts a source's properties right after the note's title line, where Quire's preview shows a
 * properties block: a note may not start with `---`, and the blank line before the closing
 * `---` keeps the last property from reading as a heading. Values are written as JSON, which
 * YAML reads as the same values. A note without text has no title line to follow: it is kept.
 */
export function withProperties(body: string, properties: readonly NoteProperty[]): string {
  if (properties.length === 0) return body;
  const start = /\S/.exec(body)?.index;
  if (start === undefined) return body;
  const end = body.indexOf('\n', start);
  const titleLine = body.slice(start, end < 0 ? body.length : end).trimEnd();
  const rest = end < 0 ? '' : body.slice(end + 1).replace(/^(?:[ \t]*\n)+/, '');
  const fields = properties.map(([name, value]) => `${name}: ${JSON.stringify(value)}`);
  const block = ['---', ...fields, '', '---'].join('\n');
  return rest.trim() === '' ? `${titleLine}\n\n${block}` : `${titleLine}\n\n${block}\n\n${rest}`;
}
