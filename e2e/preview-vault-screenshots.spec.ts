import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, openLoggedIn, test } from './support/fixtures.js';
import { notesNav } from './support/notes-page.js';
import { abortOffsiteRequests } from './support/offsite-guard.js';

// Pictures of what vaults hold in the preview (callouts, formulas, a diagram, an embedded
// note), in both themes, for a human to look at.
const folder = process.env.QUIRE_SCREENSHOT_DIR ?? join('test-results', 'screenshots');

const NOTE = `Orbit notes

> [!note] Remember
> Callouts carry a type, an icon and a title.

> [!tip]+ Quick check
> Kinetic energy is $E_k = \\frac{1}{2} m v^2$; tickets cost $5 and $6.

> [!warning] Units
> Mix metres and feet at your peril.

> [!danger]- Folded away
> Hidden until opened.

$$
\\int_0^{\\infty} e^{-x^2}\\,dx = \\frac{\\sqrt{\\pi}}{2}
$$

\`\`\`mermaid
graph LR
  Idea --> Draft --> Note
  Draft --> Trash
\`\`\`

![[Launch checklist]]
`;

async function shoot(page: Page, name: string) {
  await page.screenshot({
    path: join(folder, `${test.info().project.name}-${name}.png`),
    fullPage: true,
  });
}

test.describe('vault preview screenshots', () => {
  for (const scheme of ['light', 'dark'] as const) {
    test(`callouts, formulas, a diagram and an embed (${scheme})`, async ({
      page,
      context,
      account,
    }) => {
      await abortOffsiteRequests(context);
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
      await account.api.createNote('# Launch checklist\n- [x] fuel\n- [ ] **weather**');
      await account.api.createNote(NOTE);
      await openLoggedIn(page, account);
      await notesNav(page)
        .getByRole('link', { name: /^Orbit notes/ })
        .click();
      await page.getByRole('button', { name: 'Preview' }).click();
      const preview = page.getByRole('article', { name: 'Preview' });
      await expect(preview.locator('[data-callout]')).toHaveCount(4);
      await expect(preview.locator('.katex')).toHaveCount(2);
      await expect(preview.locator('.note-preview__diagram img')).toHaveCount(1);
      await expect(preview.locator('[data-embed]')).toContainText('weather');
      await shoot(page, `${scheme}-preview-vault-1-top`);
      await preview.locator('[data-embed]').scrollIntoViewIfNeeded();
      await shoot(page, `${scheme}-preview-vault-2-diagram-embed`);
    });
  }
});
