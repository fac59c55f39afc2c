import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { openAccount } from './support/account-page.js';
import { copyPictureToClipboard, dropFileOnEditor, PDF_BYTES } from './support/attachment-files.js';
import { expect, openLoggedIn, test } from './support/fixtures.js';
import { editor, notesNav } from './support/notes-page.js';
import { abortOffsiteRequests } from './support/offsite-guard.js';

// Pictures of a note with a pasted picture and a dropped PDF, in the editor and the preview,
// for a human to look at, at both widths and in both themes.
const folder = process.env.QUIRE_SCREENSHOT_DIR ?? join('test-results', 'screenshots');

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: join(folder, `${test.info().project.name}-${name}.png`) });
}

test.describe('attachment screenshots', () => {
  for (const scheme of ['light', 'dark'] as const) {
    test(`a picture and a file in a note (${scheme})`, async ({ page, context, account }) => {
      await abortOffsiteRequests(context);
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
      await account.api.createNote('Whiteboard from Monday\n\nThe plan, as drawn:');
      await openLoggedIn(page, account);
      await notesNav(page).getByRole('link').first().click();
      // CodeMirror, not the plain text box standing in while it loads: it takes the picture.
      await expect(page.locator('.markdown-editor .cm-content')).toBeFocused();
      await page.keyboard.press('ControlOrMeta+End');
      await page.keyboard.press('Enter');
      await copyPictureToClipboard(page);
      await page.keyboard.press('ControlOrMeta+v');
      await expect(editor(page).locator('.cm-attachment img')).toBeVisible();
      await page.keyboard.press('ControlOrMeta+End');
      await page.keyboard.press('Enter');
      await page.keyboard.type('Minutes: ');
      await dropFileOnEditor(
        page,
        { name: 'minutes.pdf', type: 'application/pdf', bytes: PDF_BYTES },
        'last',
      );
      await expect(editor(page).getByRole('link', { name: /minutes\.pdf/ })).toBeVisible();
      await shoot(page, `${scheme}-attachments-1-editor`);
      await page.getByRole('button', { name: 'Preview' }).click();
      await expect(
        page.getByRole('article', { name: 'Preview' }).getByRole('img', { name: 'image.png' }),
      ).toBeVisible();
      await shoot(page, `${scheme}-attachments-2-preview`);
      await page.getByRole('button', { name: 'Info' }).focus();
      await expect(page.getByRole('tooltip')).toContainText('minutes.pdf — PDF');
      await shoot(page, `${scheme}-attachments-3-info`);
      if ((page.viewportSize()?.width ?? 0) < 680) {
        await page.getByRole('button', { name: 'Back' }).click();
      }
      await openAccount(page);
      const storage = page.getByRole('region', { name: 'Attachments' });
      await expect(storage).toContainText('used');
      await storage.scrollIntoViewIfNeeded();
      await shoot(page, `${scheme}-attachments-4-account`);
    });
  }
});
