import { editorText } from './support/editor-text.js';
import { expect, openLoggedIn, test } from './support/fixtures.js';
import { editor, holdSaves, notesNav } from './support/notes-page.js';

test.describe('History and trash', () => {
  test('History compares a version with the text now and restores it', async ({
    page,
    account,
  }) => {
    const note = await account.api.createNote('Version one');
    await account.api.updateNote({ ...note, body: 'Version two' });
    // A device saves from a revision the server never gave out (as after restoring an older
    // backup): its text wins, and the text it replaced is set aside.
    await account.api.updateNote({ ...note, body: 'Version three', revision: 99 });
    await openLoggedIn(page, account);
    await notesNav(page).getByRole('link', { name: 'Version three' }).click();

    await page.getByRole('button', { name: 'History' }).click();
    const history = page.getByRole('dialog', { name: 'History' });
    await expect(history).toBeVisible();
    const versions = history.getByRole('list', { name: 'Versions' }).getByRole('button');
    await expect(versions.first()).toContainText('Set aside by a merge');
    // Each version's time is given to the second.
    await expect(versions.first()).toContainText(/\d{4}-\d{2}-\d{2} \d{1,2}:\d{2}:\d{2} [AP]M/);
    await expect(versions.first()).toHaveAttribute('aria-pressed', 'true');
    await expect(versions.first()).toBeFocused();
    // Each says what it changed from the one before (the first: from nothing), so versions
    // seconds apart differ.
    await expect(versions.first()).toContainText('+2 −0');
    await expect(versions.first()).toHaveAccessibleName(
      /2 words added, 0 words removed Version two$/,
    );
    await expect(history.getByRole('deletion')).toHaveText(['two']);
    await expect(history.getByRole('insertion')).toHaveText(['three']);

    await history.getByRole('button', { name: 'Restore this version' }).click();
    await expect(history).toBeHidden();
    await expect.poll(() => editorText(editor(page))).toBe('Version two');
    await expect.poll(async () => (await account.api.note(note.id))?.body).toBe('Version two');

    // The text the restore replaced is a version now, and Escape closes the dialog.
    await page.getByRole('button', { name: 'History' }).press('Enter');
    await expect(history.getByText('Replaced by a restore')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(history).toBeHidden();
    await expect(page.getByRole('button', { name: 'History' })).toBeFocused();
  });

  test('a restore is shown before it is made, and undone from its notice', async ({
    page,
    account,
  }) => {
    const note = await account.api.createNote('First draft of the letter');
    // From a revision the server never gave out, so the first draft is listed at once.
    await account.api.updateNote({ ...note, body: 'Second draft, much better', revision: 99 });
    await openLoggedIn(page, account);
    await notesNav(page).getByRole('link', { name: 'Second draft' }).click();

    await page.getByRole('button', { name: 'History' }).click();
    const history = page.getByRole('dialog', { name: 'History' });
    // What the restore would do: the version's words struck through against the note now.
    await expect(history.getByRole('deletion')).toContainText(['First']);
    await expect(history.getByRole('insertion')).toContainText(['Second']);
    await history.getByRole('button', { name: 'Restore this version' }).click();
    await expect.poll(() => editorText(editor(page))).toBe('First draft of the letter');

    const notice = page.getByRole('status').filter({ hasText: 'Version restored.' });
    await notice.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => editorText(editor(page))).toBe('Second draft, much better');
    await expect
      .poll(async () => (await account.api.note(note.id))?.body)
      .toBe('Second draft, much better');
    await expect(page.getByRole('status').filter({ hasText: 'Restore undone.' })).toBeVisible();
  });

  test('a save from an older text keeps what another device wrote meanwhile', async ({
    page,
    account,
  }) => {
    const note = await account.api.createNote('Hello world');
    await openLoggedIn(page, account);
    await notesNav(page).getByRole('link', { name: 'Hello world' }).click();
    const release = await holdSaves(page);
    await editor(page).press('ControlOrMeta+a');
    await editor(page).pressSequentially('Mine entirely');
    await account.api.updateNote({ ...note, body: 'Hello there' });
    release();

    // Both devices' words are in the note, on the server and on the screen; nothing set aside.
    // Which comes first is the documents' order of the two spots, not a guess at intent.
    const merged = /^(Mine entirelythere|thereMine entirely)$/;
    await expect.poll(async () => (await account.api.note(note.id))?.body).toMatch(merged);
    const stored = (await account.api.note(note.id))?.body;
    await expect.poll(() => editorText(editor(page))).toBe(stored);
    await expect(page.getByText('Merged with changes from another device.')).toHaveCount(0);
    const versions = await account.api.listNotes();
    expect(versions).toHaveLength(1);
  });

  test('Trash: delete, read, restore, delete forever and empty', async ({
    page,
    account,
  }, testInfo) => {
    await account.api.createNote('Keep me\nthe list for Saturday:\n- bread\n- apples');
    await account.api.createNote('Lose me');
    await openLoggedIn(page, account);

    for (const title of ['Lose me', 'Keep me']) {
      await notesNav(page).getByRole('link', { name: title }).click();
      page.once('dialog', (dialog) => void dialog.accept());
      await page.getByRole('button', { name: 'Delete' }).click();
      await expect(notesNav(page).getByRole('link', { name: title })).toHaveCount(0);
    }

    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await page.getByRole('button', { name: 'Trash' }).click();
    const trash = page.getByRole('dialog', { name: 'Trash' });
    const items = trash.getByRole('list', { name: 'Deleted notes' }).getByRole('listitem');
    await expect(items).toHaveCount(2);
    await expect(items.first()).toContainText('Keep me');

    // A deleted note can be read before it is restored, by keyboard too.
    await trash.getByRole('button', { name: 'Read Keep me' }).focus();
    await page.keyboard.press('Enter');
    const text = trash.getByRole('region', { name: 'Text of Keep me' });
    await expect(text).toHaveText('Keep me\nthe list for Saturday:\n- bread\n- apples');
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await page.screenshot({ path: testInfo.outputPath(`trash-reading-${colorScheme}.png`) });
    }
    await trash.getByRole('button', { name: 'Read Keep me' }).click();
    await expect(text).toHaveCount(0);

    await trash.getByRole('button', { name: 'Restore Keep me' }).click();
    await expect(items).toHaveCount(1);
    await expect(notesNav(page).getByRole('link')).toHaveText([/^Keep me/]);

    // Delete forever asks first; declining keeps the note in the trash.
    page.once('dialog', (dialog) => void dialog.dismiss());
    await trash.getByRole('button', { name: 'Delete Lose me forever' }).click();
    await expect(items).toHaveCount(1);
    page.once('dialog', (dialog) => void dialog.accept());
    await trash.getByRole('button', { name: 'Delete Lose me forever' }).click();
    await expect(trash.getByText('The trash is empty.')).toBeVisible();

    // Empty trash takes everything in it, after asking.
    await page.keyboard.press('Escape');
    await notesNav(page).getByRole('link', { name: 'Keep me' }).click();
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await page.getByRole('button', { name: 'Trash' }).click();
    await expect(items).toHaveCount(1);
    page.once('dialog', (dialog) => void dialog.accept());
    await trash.getByRole('button', { name: 'Empty trash' }).click();
    await expect(trash.getByText('The trash is empty.')).toBeVisible();
    expect(await account.api.listNotes()).toEqual([]);
  });
});
