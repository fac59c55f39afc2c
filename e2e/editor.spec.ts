import type { Page } from '@playwright/test';
import { editorText } from './support/editor-text.js';
import { expect, openLoggedIn, test } from './support/fixtures.js';
import { abortOffsiteRequests } from './support/offsite-guard.js';

// Every request to anything but loopback is aborted and recorded; none may be attempted.
let offsite: string[] = [];

test.beforeEach(async ({ context }) => {
  offsite = await abortOffsiteRequests(context);
});
test.afterEach(() => expect(offsite).toEqual([]));

const editor = (page: Page) => page.getByRole('textbox', { name: 'Note text' });

test.describe('Markdown editor', () => {
  test('switching notes replaces the content and never shares undo history', async ({
    page,
    account,
  }) => {
    await account.api.createNote('Beta note');
    await account.api.createNote('Alpha note');
    await openLoggedIn(page, account);
    await page.getByRole('link', { name: /Alpha note/ }).click();
    await expect(editor(page)).toBeFocused();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(' edited');
    await expect.poll(() => editorText(editor(page))).toBe('Alpha note edited');

    await page.getByRole('link', { name: /Beta note/ }).click();
    await expect.poll(() => editorText(editor(page))).toBe('Beta note');
    await expect(editor(page)).toBeFocused();
    for (let i = 0; i < 3; i++) await page.keyboard.press('Control+z');
    expect(await editorText(editor(page))).toBe('Beta note');
  });

  test('a remote edit of the open note appears in place and keeps the cursor', async ({
    page,
    account,
  }) => {
    const note = await account.api.createNote('First line\nSecond line');
    await openLoggedIn(page, account);
    await page.getByRole('link', { name: /First line/ }).click();
    await expect(editor(page)).toBeFocused();
    await page.keyboard.press('Control+End');

    await account.api.updateNote({ ...note, body: 'Added elsewhere\nFirst line\nSecond line' });
    await expect
      .poll(() => editorText(editor(page)))
      .toBe('Added elsewhere\nFirst line\nSecond line');
    await expect(editor(page)).toBeFocused();

    await page.keyboard.type('!');
    await expect
      .poll(() => editorText(editor(page)))
      .toBe('Added elsewhere\nFirst line\nSecond line!');
    await expect
      .poll(async () => (await account.api.note(note.id))?.body)
      .toBe('Added elsewhere\nFirst line\nSecond line!');
  });

  test('while the editor loads, a plain text box takes the typing and hands over text and cursor', async ({
    page,
    account,
  }) => {
    // Hold the editor's chunk back until the stand-in has been typed in and updated remotely.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/markdown-editor-*.js', async (route) => {
      await released;
      await route.continue();
    });
    const note = await account.api.createNote('First line\nSecond line');
    await openLoggedIn(page, account);
    await page.getByRole('link', { name: /First line/ }).click();
    const standIn = page.locator('textarea[aria-label="Note text"]');
    await expect(standIn).toBeFocused();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(' typed');
    await expect
      .poll(async () => (await account.api.note(note.id))?.body)
      .toBe('First line\nSecond line typed');

    const saved = (await account.api.note(note.id))!;
    await account.api.updateNote({ ...saved, body: `Added elsewhere\n${saved.body}` });
    await expect(standIn).toHaveValue('Added elsewhere\nFirst line\nSecond line typed');

    release();
    await expect(standIn).toHaveCount(0);
    await expect(editor(page)).toBeFocused();
    await page.keyboard.type('!');
    await expect
      .poll(() => editorText(editor(page)))
      .toBe('Added elsewhere\nFirst line\nSecond line typed!');
    await expect
      .poll(async () => (await account.api.note(note.id))?.body)
      .toBe('Added elsewhere\nFirst line\nSecond line typed!');
  });

  test('markdown keys: list continuation, bold and italic toggles', async ({ page, account }) => {
    await account.api.createNote('Todo');
    await openLoggedIn(page, account);
    await page.getByRole('link', { name: /Todo/ }).click();
    // These keys are CodeMirror's, not the plain text box's that stands in while it loads.
    await expect(page.locator('.markdown-editor .cm-content')).toBeFocused();
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('- milk');
    await page.keyboard.press('Enter');
    await page.keyboard.type('bread');
    await expect.poll(() => editorText(editor(page))).toBe('Todo\n- milk\n- bread');

    for (let i = 0; i < 'bread'.length; i++) await page.keyboard.press('Shift+ArrowLeft');
    await page.keyboard.press('Control+b');
    await expect.poll(() => editorText(editor(page))).toBe('Todo\n- milk\n- **bread**');
    await page.keyboard.press('Control+i');
    await expect.poll(() => editorText(editor(page))).toBe('Todo\n- milk\n- ***bread***');
    await page.keyboard.press('Control+b');
    await page.keyboard.press('Control+i');
    await expect.poll(() => editorText(editor(page))).toBe('Todo\n- milk\n- bread');
  });
});
