import type { Page } from '@playwright/test';
import { openAccount } from './support/account-page.js';
import { editorText } from './support/editor-text.js';
import { expect, logInToken, openLoggedIn, test } from './support/fixtures.js';
import { editor, notesNav } from './support/notes-page.js';

// Where the keyboard is after each dialog and toggle: on something a person can go on from,
// never the page body. Every step is taken with real keys, and typing follows without a wait.

/** The element with the focus, looked for inside the editor's shadow root, as a short label. */
function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    let active = document.activeElement;
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
    if (!active || active === document.body) return 'body';
    if (active.classList.contains('cm-content')) return 'editor';
    const name = active.getAttribute('aria-label') ?? active.textContent?.trim() ?? '';
    return `${active.tagName.toLowerCase()}: ${name}`;
  });
}

const noteLink = (page: Page, title: string) =>
  notesNav(page).getByRole('link', { name: new RegExp(`^${title}`) });

test('the quick switcher opens the chosen note with the keyboard in its text', async ({
  page,
  account,
}) => {
  await account.api.createNote('Grocery list\neggs');
  await account.api.createNote('Travel plans\ntrain times');
  await openLoggedIn(page, account);
  // From the list, on another note than the one chosen.
  await noteLink(page, 'Travel plans').focus();
  await page.keyboard.press('Control+p');
  await page.keyboard.type('grocery');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Milk ');
  await expect(noteLink(page, 'Milk Grocery list')).toHaveAttribute('aria-current', 'true');
  expect(await focused(page)).toBe('editor');
  await expect.poll(() => editorText(editor(page))).toBe('Milk Grocery list\neggs');
  // Ctrl+Enter in the text does not open the note the list had the focus on.
  await page.keyboard.press('Control+Enter');
  await expect(noteLink(page, 'Milk Grocery list')).toHaveAttribute('aria-current', 'true');
});

test('the quick switcher closed with Escape gives the focus back where it was', async ({
  page,
  account,
}) => {
  await account.api.createNote('Only note\ntext');
  await openLoggedIn(page, account);
  await noteLink(page, 'Only note').click();
  await expect.poll(() => focused(page)).toBe('editor');
  await page.keyboard.press('Control+p');
  await expect(page.getByRole('dialog', { name: 'Open a note' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Open a note' })).toBeHidden();
  await page.keyboard.type('Kept ');
  expect(await focused(page)).toBe('editor');
  await expect.poll(() => editorText(editor(page))).toBe('Kept Only note\ntext');
});

test('Preview toggled back by key or by button: the next keys go into the text', async ({
  page,
  account,
}) => {
  await account.api.createNote('Plan\ntickets');
  await openLoggedIn(page, account);
  await noteLink(page, 'Plan').click();
  await expect.poll(() => focused(page)).toBe('editor');
  await page.keyboard.press('ControlOrMeta+End');

  // By the toolbar button, reached with Tab from the toolbar.
  const preview = page.getByRole('button', { name: 'Preview' });
  await preview.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('article', { name: 'Preview' })).toBeVisible();
  expect(await focused(page)).toBe('button: Preview');
  await page.keyboard.press('Enter');
  await page.keyboard.type(' now');
  expect(await focused(page)).toBe('editor');
  await expect.poll(() => editorText(editor(page))).toBe('Plan\ntickets now');

  // By the shortcut from the text: the toggle holds the focus while the text is hidden.
  await page.keyboard.press('Alt+Shift+P');
  await expect(page.getByRole('article', { name: 'Preview' })).toBeVisible();
  expect(await focused(page)).toBe('button: Preview');
  await page.keyboard.press('Alt+Shift+P');
  await page.keyboard.type('!');
  await expect.poll(() => editorText(editor(page))).toBe('Plan\ntickets now!');
});

test('History closed by Escape or its button returns to what opened it', async ({
  page,
  account,
}) => {
  const note = await account.api.createNote('Draft one');
  await account.api.updateNote({ ...note, body: 'Draft two' });
  await openLoggedIn(page, account);
  await noteLink(page, 'Draft two').click();
  await expect.poll(() => focused(page)).toBe('editor');

  // Opened by its shortcut from the text: Escape puts the keyboard back in the text.
  await page.keyboard.press('Alt+Shift+H');
  const history = page.getByRole('dialog', { name: 'History' });
  await expect(history).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(history).toBeHidden();
  expect(await focused(page)).toBe('editor');

  // Opened by its button: the close button puts the keyboard back on it.
  await page.getByRole('button', { name: 'History' }).focus();
  await page.keyboard.press('Enter');
  await expect(history).toBeVisible();
  await history.getByRole('button', { name: 'Close History' }).focus();
  await page.keyboard.press('Enter');
  await expect(history).toBeHidden();
  expect(await focused(page)).toBe('button: History');
});

test('a confirmed delete puts the keyboard on the note that took its place', async ({
  page,
  account,
}) => {
  await account.api.importNotes([
    { body: 'Third', secondsAgo: 3 * 3600 },
    { body: 'Second', secondsAgo: 2 * 3600 },
    { body: 'First', secondsAgo: 3600 },
  ]);
  await openLoggedIn(page, account);
  await noteLink(page, 'Second').click();
  await expect.poll(() => focused(page)).toBe('editor');
  page.once('dialog', (dialog) => void dialog.accept());
  await page.keyboard.press('Alt+Shift+D');
  await expect(noteLink(page, 'Second')).toHaveCount(0);
  await expect(noteLink(page, 'Third')).toBeFocused();

  // By the Delete button, the last note left: the list itself.
  await page.keyboard.press('Enter');
  await expect.poll(() => focused(page)).toBe('editor');
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Delete' }).focus();
  await page.keyboard.press('Enter');
  await expect(noteLink(page, 'Third')).toHaveCount(0);
  await expect(noteLink(page, 'First')).toBeFocused();
});

test('Account: opened at its title, closed back on the Menu button', async ({ page, account }) => {
  await openLoggedIn(page, account);
  await openAccount(page);
  await expect(page.getByRole('heading', { name: 'Account', level: 1 })).toBeFocused();
  await page.getByRole('button', { name: 'Notes' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Menu', exact: true })).toBeFocused();
});

test('"Sign out everywhere else" asks first, says what it did and holds the focus there', async ({
  page,
  account,
}) => {
  await logInToken(account);
  await openLoggedIn(page, account);
  await openAccount(page);
  const sessions = page.getByRole('region', { name: 'Sessions' });
  // The account's API session, the other device, and this browser.
  await expect(sessions.getByRole('listitem')).toHaveCount(3);
  const signOut = sessions.getByRole('button', { name: 'Sign out everywhere else' });

  // Cancelled: nothing is ended.
  const asked: string[] = [];
  page.once('dialog', (dialog) => {
    asked.push(dialog.message());
    void dialog.dismiss();
  });
  await signOut.focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => asked.length).toBe(1);
  expect(asked[0]).toMatch(/^Sign out everywhere else\?/);
  await expect(sessions.getByRole('listitem')).toHaveCount(3);
  await expect(signOut).toBeFocused();

  page.once('dialog', (dialog) => void dialog.accept());
  await page.keyboard.press('Enter');
  const said = sessions.getByRole('status');
  await expect(said).toHaveText(
    'Signed out of 2 other sessions. Only this device is signed in now.',
  );
  await expect(said).toBeFocused();
  await expect(sessions.getByRole('listitem')).toHaveCount(1);
});

test('the shortcuts help, the menu and the Trash hand the focus back when closed', async ({
  page,
  account,
}) => {
  await account.api.createNote('Only note');
  await openLoggedIn(page, account);
  const item = noteLink(page, 'Only note');
  await item.focus();
  await page.keyboard.press('?');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(item).toBeFocused();

  const menuButton = page.getByRole('button', { name: 'Menu', exact: true });
  await menuButton.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu.getByRole('button', { name: 'Close menu' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menuButton).toBeFocused();

  await page.keyboard.press('Enter');
  await menu.getByRole('button', { name: 'Trash' }).focus();
  await page.keyboard.press('Enter');
  const trash = page.getByRole('dialog', { name: 'Trash' });
  await expect(trash).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(trash).toBeHidden();
  await expect(menuButton).toBeFocused();
});
