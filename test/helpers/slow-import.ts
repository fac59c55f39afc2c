/**
 * An Evernote export whose one note keeps the reading worker busy for many seconds on any
 * machine: HTML nested as deep as Quire allows, around 400,000 paragraphs. The
 * HTML parser and Turndown do work in proportion to the depth for each of them.
 */
export function slowEnex(paragraphs = 400_000): string {
  const depth = 250;
  const html = `${'<div>'.repeat(depth)}${'<p>a</p>'.repeat(paragraphs)}${'</div>'.repeat(depth)}`;
  return `<en-export><note><title>Slow</title><content><![CDATA[<en-note>${html}</en-note>]]></content></note></en-export>`;
}
