import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { unzipSync, zipSync } from 'fflate';
import { PNG_BYTES, uploadFile } from './support/attachment-files.js';
import { createAccount, expect, openLoggedIn, test } from './support/fixtures.js';
import { editor, notesNav } from './support/notes-page.js';

const utf8 = (text: string) => Buffer.from(text, 'utf8');

async function openMenuEntry(page: Page, name: string) {
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('button', { name }).click();
}

/** Opens "Import…" and chooses one file in the picker; the dialog, summing up what it did. */
async function importChosenFile(
  page: Page,
  file: { name: string; mimeType: string; buffer: Buffer },
) {
  await openMenuEntry(page, 'Import…');
  const dialog = page.getByRole('dialog', { name: 'Import notes' });
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Choose files…' }).click();
  await (await chooser).setFiles(file);
  return dialog;
}

/** Drops files on an element the way a file manager does: dragenter, dragover, then drop. */
async function dropFiles(page: Page, selector: string, files: { name: string; text: string }[]) {
  const dataTransfer = await page.evaluateHandle((list) => {
    const transfer = new DataTransfer();
    for (const file of list) transfer.items.add(new File([file.text], file.name));
    return transfer;
  }, files);
  for (const type of ['dragenter', 'dragover', 'drop']) {
    await page.dispatchEvent(selector, type, { dataTransfer });
  }
}

test.describe('export and import', () => {
  test('"Export all notes" downloads a zip of every note', async ({ page, account }) => {
    await account.api.createNote('Packing list\n- passport #travel');
    await account.api.createNote('Second note');
    await openLoggedIn(page, account);
    await expect(page.getByText('Packing list')).toBeVisible();
    const download = page.waitForEvent('download');
    await openMenuEntry(page, 'Export all notes');
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^quire-notes-\d{4}-\d\d-\d\d\.zip$/);
    const files = unzipSync(await readFile(await file.path()));
    expect(Object.keys(files).sort()).toEqual(['Packing list.md', 'Second note.md', 'notes.json']);
    expect(Buffer.from(files['Packing list.md'] as Uint8Array).toString()).toContain(
      'tags: ["travel"]',
    );
  });

  test('an export with a picture, imported into another account, shows the same picture', async ({
    page,
    browser,
    server,
    account,
  }) => {
    const id = await uploadFile(account.api, PNG_BYTES, 'dot.png');
    await account.api.createNote(`Holiday\n![dot.png](/api/attachments/${id})`);
    await openLoggedIn(page, account);
    const download = page.waitForEvent('download');
    await openMenuEntry(page, 'Export all notes');
    const exported = await readFile(await (await download).path());

    const other = await createAccount(server.url);
    const context = await browser.newContext({ baseURL: server.url });
    try {
      const elsewhere = await context.newPage();
      await openLoggedIn(elsewhere, other);
      const dialog = await importChosenFile(elsewhere, {
        name: 'export.zip',
        mimeType: 'application/zip',
        buffer: exported,
      });
      await expect(dialog.getByRole('status')).toContainText('Imported 1 note');
      await elsewhere.keyboard.press('Escape');
      await notesNav(elsewhere)
        .getByRole('link', { name: /Holiday/ })
        .click();
      const picture = editor(elsewhere).locator('.cm-attachment img');
      await expect
        .poll(() => picture.evaluate((element) => (element as HTMLImageElement).naturalWidth))
        .toBe(1);
      // The other account has its own copy of the file, under a new id.
      const [note] = await other.api.listNotes();
      expect(note?.body).toMatch(/^Holiday\n!\[dot\.png\]\(\/api\/attachments\/[\w-]{22}\)$/);
      expect(note?.body).not.toContain(id);
    } finally {
      await context.close();
    }
  });

  test('"Import…" takes files from the picker and sums up what it did', async ({
    page,
    account,
  }) => {
    await openLoggedIn(page, account);
    await openMenuEntry(page, 'Import…');
    const dialog = page.getByRole('dialog', { name: 'Import notes' });
    await expect(dialog).toBeVisible();
    const chooser = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: 'Choose files…' }).click();
    const vault = zipSync({
      'Vault/Garden.md': utf8('Tomatoes by the fence'),
      'Vault/Books.md': utf8('Piranesi'),
    });
    await (await chooser).setFiles([
      { name: 'vault.zip', mimeType: 'application/zip', buffer: Buffer.from(vault) },
      { name: 'broken.txt', mimeType: 'text/plain', buffer: Buffer.from([0x61, 0xff, 0xfe]) },
    ]);
    const summary = dialog.getByRole('status');
    await expect(summary).toContainText('Imported 2 notes');
    await expect(summary).toContainText('Skipped 0 notes already here');
    await expect(summary).toContainText('Failed: 1');
    await expect(dialog.getByRole('list', { name: 'What could not be imported' })).toHaveText(
      'broken.txt: not valid UTF-8 text',
    );
    // The notes arrive in the list over the live socket.
    const list = page.getByRole('navigation', { name: 'Notes' });
    await expect(list.getByText('Garden')).toBeVisible();
    await expect(list.getByText('Books')).toBeVisible();

    // The same file again adds nothing.
    const again = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: 'Import more files…' }).click();
    await (await again).setFiles({
      name: 'vault.zip',
      mimeType: 'application/zip',
      buffer: Buffer.from(vault),
    });
    await expect(summary).toContainText('Imported 0 notes');
    await expect(summary).toContainText('Skipped 2 notes already here');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    expect(await account.api.listNotes()).toHaveLength(2);
  });

  test('an Evernote note with a picture, a checklist, tables and code comes in whole, and the report says what changed', async ({
    page,
    account,
  }, testInfo) => {
    await openLoggedIn(page, account);
    const dialog = await importChosenFile(page, {
      name: 'island-trip.enex',
      mimeType: 'application/xml',
      buffer: await readFile(new URL('../test/fixtures/enex/island-trip.enex', import.meta.url)),
    });
    const summary = dialog.getByRole('status');
    await expect(summary).toContainText('Imported 1 note');
    await expect(summary).toContainText('Failed: 0');
    await expect(summary).toContainText('Changed on the way in: 1 note');
    await expect(dialog.getByRole('list', { name: 'What came in changed' })).toHaveText(
      'island-trip.enex (Island trip): a table with merged cells came in as text; the tag "Summer Plans" is #SummerPlans',
    );
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 844 });
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        await dialog.screenshot({
          path: testInfo.outputPath(`import-changed-${width}-${colorScheme}.png`),
        });
      }
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.emulateMedia({ colorScheme: 'light' });
    await page.keyboard.press('Escape');

    await notesNav(page)
      .getByRole('link', { name: /Island trip/ })
      .click();
    // The editor draws each task's box as a checkbox, ticked as in Evernote.
    await expect(editor(page)).toContainText('Book the ferry');
    const boxes = editor(page).locator('input.cm-task-box');
    await expect(boxes).toHaveCount(2);
    await expect(boxes.first()).toBeChecked();
    await expect(boxes.last()).not.toBeChecked();
    await expect(editor(page)).toContainText('| Friday | Harbour \\<north> |');
    await expect(editor(page)).toContainText('ferry --from=mainland');
    const picture = editor(page).locator('.cm-attachment img');
    await expect
      .poll(() => picture.evaluate((element) => (element as HTMLImageElement).naturalWidth))
      .toBe(1);

    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByRole('article', { name: 'Preview' });
    await expect(preview.getByRole('img', { name: 'map.png' })).toBeVisible();
    await expect(preview.getByRole('checkbox')).toHaveCount(2);
    await expect(preview.getByRole('checkbox').first()).toBeChecked();
    await expect(preview.getByRole('checkbox').last()).not.toBeChecked();
    const table = preview.getByRole('table');
    await expect(table.getByRole('columnheader')).toHaveText(['Day', 'Place']);
    await expect(table.getByRole('cell')).toHaveText(['Friday', 'Harbour <north>']);
    await expect(preview.locator('pre code')).toHaveText('ferry --from=mainland\n  --seats 2');
    await expect(preview.getByText('Budget', { exact: true })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('import-evernote-preview.png') });
  });

  test('files dropped on the list are imported', async ({ page, account }) => {
    await openLoggedIn(page, account);
    await expect(page.getByText('No notes yet')).toBeVisible();
    await dropFiles(page, '.import-drop-zone', [
      { name: 'Dropped idea.md', text: 'A thought from the desktop' },
    ]);
    const dialog = page.getByRole('dialog', { name: 'Import notes' });
    await expect(dialog.getByRole('status')).toContainText('Imported 1 note');
    await dialog.getByRole('button', { name: 'Close import' }).click();
    await expect(page.getByText('Dropped idea')).toBeVisible();
  });

  test('a 10,000-note import shows its progress, then its summary', async ({ page, account }) => {
    const files: Record<string, Uint8Array> = {};
    for (let i = 0; i < 10_000; i++) files[`notes/Note ${i}.md`] = utf8(`Line of note ${i}`);
    await openLoggedIn(page, account);
    await openMenuEntry(page, 'Import…');
    const dialog = page.getByRole('dialog', { name: 'Import notes' });
    const chooser = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: 'Choose files…' }).click();
    await (await chooser).setFiles({
      name: 'many.zip',
      mimeType: 'application/zip',
      buffer: Buffer.from(zipSync(files)),
    });
    await expect(dialog.getByRole('progressbar', { name: /many\.zip/ })).toBeVisible();
    await expect(dialog.getByRole('status')).toContainText('Imported 10,000 notes', {
      timeout: 60_000,
    });
    await expect(dialog.getByRole('progressbar')).toBeHidden();
  });
});
