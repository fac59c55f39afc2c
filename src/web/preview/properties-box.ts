import { escapeHtml } from '../../shared/escape-html.js';
import { propertiesBlock, readProperties } from '../../shared/note-properties.js';

/**
 * A note's text with its properties block drawn as a box of names and values (as Obsidian's
 * Properties view shows it), the rest rendered by `render`. Values are inline Markdown, so a
 * `[[link]]` in one is a link; YAML Quire does not read is shown as written.
 */
export function withPropertiesBox(
  text: string,
  render: (markdown: string) => string,
  renderInline: (markdown: string) => string,
): string {
  const block = propertiesBlock(text);
  if (!block) return render(text);
  const { properties, complete } = readProperties(block.yaml);
  const rows = complete
    ? properties.map(({ name, values, list }) => {
        const shown = values.map((value) => renderInline(value));
        const value = list
          ? `<ul>${shown.map((item) => `<li>${item}</li>`).join('')}</ul>`
          : shown[0];
        return `<dt>${escapeHtml(name)}</dt><dd>${value ?? ''}</dd>`;
      })
    : [`<dd><pre><code>${escapeHtml(block.yaml)}</code></pre></dd>`];
  const box = `<dl data-properties="">${rows.join('')}</dl>\n`;
  return render(text.slice(0, block.from)) + box + render(text.slice(block.to));
}
