import { editorText } from './support/editor-text.js';
import { expect, openLoggedIn, test } from './support/fixtures.js';
import { editor, notesNav, saveStatus } from './support/notes-page.js';

test.describe('A large note', () => {
  test('is saved by the save worker, off the page, with every key typed', async ({
    page,
    account,
  }) => {
    const body = `Large note\n\n${'Some words in a long paragraph. '.repeat(8000)}`;
    const note = await account.api.createNote(body);
    const workers: string[] = [];
    page.on('worker', (worker) => workers.push(worker.url()));
    await openLoggedIn(page, account);
    await notesNav(page)
      .getByRole('link', { name: /Large note/ })
      .click();
    await expect.poll(() => editorText(editor(page))).toContain('Large note');
    await editor(page).press('ControlOrMeta+End');
    await editor(page).pressSequentially('the end');

    await expect(saveStatus(page, 'Saved')).toBeVisible();
    expect((await account.api.note(note.id))?.body).toBe(`${body}the end`);
    expect(workers.some((url) => url.includes('save-worker'))).toBe(true);
  });
});
