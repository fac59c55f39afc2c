import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { zipSync } from 'fflate';
import { expect, openLoggedIn, test } from './support/fixtures.js';

// Pictures of the import and export states for a human to look at, beside the main ones.
const folder = process.env.QUIRE_SCREENSHOT_DIR ?? join('test-results', 'screenshots');

async function shoot(page: Page, name: string) {
  const project = test.info().project.name;
  await page.screenshot({ path: join(folder, `${project}-${name}.png`) });
}

test.describe('import and export screenshots', () => {
  for (const scheme of ['light', 'dark'] as const) {
    test(`menu, dialog, drop and summary (${scheme})`, async ({ page, account }) => {
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
      await account.api.createNote('Weekly plan\n- Monday: dentist at 9');
      await openLoggedIn(page, account);
      await page.getByRole('button', { name: 'Menu' }).click();
      await expect(page.getByRole('button', { name: 'Export all notes' })).toBeVisible();
      await shoot(page, `${scheme}-transfer-1-menu`);

      await page.getByRole('button', { name: 'Import…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Import notes' });
      await expect(dialog.getByRole('button', { name: 'Close import' })).toBeFocused();
      await shoot(page, `${scheme}-transfer-2-dialog`);

      const chooser = page.waitForEvent('filechooser');
      await dialog.getByRole('button', { name: 'Choose files…' }).click();
      const zip = zipSync({
        'Vault/Garden.md': Buffer.from('Tomatoes by the fence'),
        'Vault/Books.md': Buffer.from('Piranesi'),
        'Vault/Old notes/draft.md': Buffer.from([0x61, 0xff]),
      });
      await (await chooser).setFiles([
        { name: 'Obsidian vault.zip', mimeType: 'application/zip', buffer: Buffer.from(zip) },
        { name: 'contacts.json', mimeType: 'application/json', buffer: Buffer.from('{"a":1}') },
      ]);
      await expect(dialog.getByRole('status')).toContainText('Failed: 2');
      await shoot(page, `${scheme}-transfer-3-summary`);

      await dialog.getByRole('button', { name: 'Close import' }).click();
      await page.dispatchEvent('.import-drop-zone', 'dragenter', {
        dataTransfer: await page.evaluateHandle(() => {
          const transfer = new DataTransfer();
          transfer.items.add(new File(['x'], 'note.md'));
          return transfer;
        }),
      });
      await expect(page.getByText('Drop files to import them')).toBeVisible();
      await shoot(page, `${scheme}-transfer-4-drop`);
    });
  }
});
