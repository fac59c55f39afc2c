import path from 'node:path';
import type { Page } from '@playwright/test';
import { build } from 'vite';

const ENTRY = path.join(import.meta.dirname, 'yardstick-page', 'editor.ts');
const PATH = '/bench-yardstick';

/** The yardstick page's script, bundled once per run. */
export async function bundleYardstick(): Promise<string> {
  const output = await build({
    configFile: false,
    logLevel: 'error',
    build: { write: false, minify: true, target: 'es2022', rollupOptions: { input: ENTRY } },
  });
  const [result] = Array.isArray(output) ? output : [output];
  if (!result || !('output' in result)) throw new Error('the yardstick did not bundle');
  return result.output.map((chunk) => ('code' in chunk ? chunk.code : '')).join('\n');
}

/**
 * Opens the yardstick editor on one note at the server's origin (the page itself comes from
 * here, never from the server), with the cursor at the end of the text.
 */
export async function openYardstick(
  page: Page,
  serverUrl: string,
  script: string,
  note: { token: string; id: string; body: string },
): Promise<void> {
  await page.route(`${serverUrl}${PATH}`, (route) =>
    route.fulfill({
      contentType: 'text/html; charset=utf-8',
      body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Yardstick</title>
        <script>window.yardstick = ${JSON.stringify(note).replaceAll('<', '\\u003c')};</script>
        </head><body><script type="module">${script.replaceAll('</script', '<\\/script')}</script></body></html>`,
    }),
  );
  await page.goto(`${serverUrl}${PATH}`);
  const editor = page.getByRole('textbox', { name: 'Note text' });
  await editor.click();
  await editor.press('ControlOrMeta+End');
}
