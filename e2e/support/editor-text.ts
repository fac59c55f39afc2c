import type { Locator } from '@playwright/test';

/**
 * The text in the note editor. The editor is CodeMirror (a contenteditable, not a textarea), so
 * the text is read line by line as it renders it; the "Start writing…" placeholder is not text.
 */
export function editorText(editor: Locator): Promise<string> {
  return editor
    .locator('.cm-line')
    .evaluateAll((lines) =>
      lines
        .map((line) => (line.querySelector('.cm-placeholder') ? '' : (line.textContent ?? '')))
        .join('\n'),
    );
}
