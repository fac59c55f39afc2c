import type { Page } from '@playwright/test';
import { editorText } from './support/editor-text.js';
import { expect, openLoggedIn, test } from './support/fixtures.js';
import { editor, notesNav } from './support/notes-page.js';
import { abortOffsiteRequests } from './support/offsite-guard.js';

const preview = (page: Page) => page.getByRole('article', { name: 'Preview' });

/** Lines typed key by key, each on a line cleared of what the editor carried over. */
const TYPED: readonly string[] = [
  '> [!warning] Mind the gap',
  '> Between the train and the platform.',
  '',
  'Energy is $E=mc^2$, and $5 and $6 are prices.',
  '',
  '```mermaid',
  'graph LR',
  '  Draft --> Note',
  '```',
  '',
  '![[Other]]',
];

const lastLine = async (page: Page) => (await editorText(editor(page))).split('\n').at(-1);

const EXPECTED = [
  'Vault page',
  '> [!warning] Mind the gap',
  '> Between the train and the platform.',
  '',
  'Energy is $E=mc^2$, and $5 and $6 are prices.',
  '',
  '```mermaid',
  'graph LR',
  '  Draft --> Note',
  '```',
  '',
  '![[Other]]',
].join('\n');

test('the preview draws a callout, a formula, a diagram and an embedded note, all from Quire', async ({
  page,
  context,
  account,
}) => {
  const offsite = await abortOffsiteRequests(context);
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content.Security.Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(`Content-Security-Policy violation: ${event.violatedDirective}`),
    );
  });
  await account.api.createNote('# Other\nThe **embedded** text.\n- [ ] its task');
  await account.api.createNote('Vault page\n');
  await openLoggedIn(page, account);
  await notesNav(page)
    .getByRole('link', { name: /^Vault page/ })
    .click();
  await expect(editor(page)).toBeFocused();
  await page.keyboard.press('ControlOrMeta+End');
  for (const [index, line] of TYPED.entries()) {
    if (index > 0) {
      const lines = (await editorText(editor(page))).split('\n').length;
      await page.keyboard.press('Enter');
      // The new line is drawn before it is read.
      await expect
        .poll(async () => (await editorText(editor(page))).split('\n').length)
        .toBe(lines + 1);
      // The editor carries a quote's "> " and the indentation over to the new line: each is
      // taken off, and seen gone, before the next key.
      for (let tries = 0; tries < 3; tries += 1) {
        const carried = await lastLine(page);
        if (carried === '') break;
        await page.keyboard.press('Shift+Home');
        await page.keyboard.press('Backspace');
        await expect.poll(() => lastLine(page)).not.toBe(carried);
      }
      await expect.poll(() => lastLine(page)).toBe('');
    }
    await page.keyboard.type(line);
  }
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await expect.poll(() => editorText(editor(page))).toBe(EXPECTED);

  await page.getByRole('button', { name: 'Preview' }).click();
  const callout = preview(page).locator('[data-callout="warning"]');
  await expect(callout.locator('header')).toHaveText('Mind the gap');
  await expect(callout).toContainText('Between the train and the platform.');
  await expect(preview(page).locator('.katex')).toHaveCount(1);
  await expect(preview(page).locator('.katex-mathml annotation')).toHaveText('E=mc^2');
  await expect(preview(page)).toContainText('$5 and $6 are prices.');
  const diagram = preview(page).locator('.note-preview__diagram img');
  await expect(diagram).toHaveAttribute('src', /^data:image\/svg\+xml/);
  await expect
    .poll(() => diagram.evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBeGreaterThan(0);
  const embed = preview(page).locator('[data-embed]');
  await expect(embed.getByRole('link', { name: 'Other' })).toBeVisible();
  await expect(embed.locator('strong')).toHaveText('embedded');
  // The embedded note's tasks are its own: shown, never ticked from here.
  await expect(embed.getByRole('checkbox')).toBeDisabled();

  // KaTeX's styles and fonts came with the app: its fonts are in use.
  await expect.poll(() => page.evaluate(() => document.fonts.check('16px KaTeX_Main'))).toBe(true);
  expect(violations).toEqual([]);
  expect(offsite).toEqual([]);
});

const HOSTILE = `Hostile vault page

> [!note] <img src=x onerror="window.pwned=1"><script>window.pwned=2</script>
> body

$<img src=x onerror="window.pwned=3">$ and $$\\href{javascript:window.pwned=4}{x}$$

\`\`\`mermaid
graph TD
  A["<img src=x onerror=window.pwned=5>"] --> B
  click A call alert()
\`\`\`

<div data-callout="x" data-embed="y">forged marks</div>
<dialog open>a dialog that would cover the page</dialog>
`;

test('what a callout, a formula or a diagram carries stays inert', async ({ page, account }) => {
  await account.api.createNote(HOSTILE);
  await openLoggedIn(page, account);
  await notesNav(page).getByRole('link').first().click();
  await expect(editor(page)).toBeVisible();
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(preview(page).locator('[data-callout="note"]')).toContainText('body');
  await expect(preview(page).locator('.note-preview__diagram img')).toHaveCount(1);
  await expect(preview(page).locator('.katex')).toHaveCount(2);
  // The markup is text (KaTeX's, the diagram's), never elements or handlers.
  const active = await preview(page).evaluate((root) =>
    Array.from(root.querySelectorAll('*')).filter(
      (element) =>
        element.tagName === 'SCRIPT' ||
        Array.from(element.attributes).some(
          (attribute) => attribute.name.startsWith('on') || /javascript:/i.test(attribute.value),
        ),
    ),
  );
  expect(active).toEqual([]);
  await expect(preview(page).locator('[data-callout="x"], [data-embed]')).toHaveCount(0);
  await expect(preview(page).getByText('a dialog that would cover the page')).toBeHidden();
  expect(await page.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined();
});
