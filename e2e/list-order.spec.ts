import { editorText } from './support/editor-text.js';
import { expect, openLoggedIn, test } from './support/fixtures.js';
import { editor, holdSaves, notesNav, saveStatus } from './support/notes-page.js';

test.describe('List order while typing', () => {
  test('the note typed in is at the top in the frame after the key, before its save is answered', async ({
    page,
    account,
  }) => {
    const typed = await account.api.createNote('Older note');
    await account.api.createNote('Newer note');
    await openLoggedIn(page, account);
    const links = notesNav(page).getByRole('link');
    await expect(links).toHaveText(['Newer note', 'Older note']);
    await links.filter({ hasText: 'Older note' }).click();
    await expect.poll(() => editorText(editor(page))).toBe('Older note');
    await editor(page).press('ControlOrMeta+End');
    const release = await holdSaves(page);

    // What the list shows at the top in the first frame after the key goes down.
    await page.evaluate(() => {
      document.addEventListener(
        'keydown',
        () =>
          requestAnimationFrame(() => {
            const top = document.querySelector('nav[aria-label="Notes"] li[data-index="0"] a');
            document.body.dataset.topAfterKey = top?.getAttribute('data-note-id') ?? '';
          }),
        { capture: true, once: true },
      );
    });
    await editor(page).press('!');
    await expect(page.locator('body')).toHaveAttribute('data-top-after-key', typed.id);
    await expect(links).toHaveText(['Older note!', 'Newer note']);

    release();
    await expect(saveStatus(page, 'Saved')).toBeVisible();
    expect((await account.api.note(typed.id))?.body).toBe('Older note!');
    await expect(links).toHaveText(['Older note!', 'Newer note']);
  });
});
