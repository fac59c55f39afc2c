import { openAccount } from './support/account-page.js';
import { expect, logInToken, openLoggedIn, test } from './support/fixtures.js';
import { editor, notesNav } from './support/notes-page.js';

// What a screen reader hears, read from the accessibility tree as it does.

const PACKING = '# Packing\n- [x] passport\n- [ ] **visa**';

test('a list item says the title and preview in words, and links to the note', async ({
  page,
  account,
}) => {
  const note = await account.api.createNote(PACKING);
  await openLoggedIn(page, account);
  const item = notesNav(page).getByRole('link', {
    name: 'Packing, passport, done; visa, not done',
  });
  await expect(item).toHaveAttribute('href', `/notes/${note.id}`);
  // What it shows is the title and preview as written (docs/interface.md#title-and-preview).
  await expect(item).toContainText('# Packing');
  await expect(notesNav(page)).toMatchAriaSnapshot(`
    - navigation "Notes":
      - list:
        - listitem:
          - link "Packing, passport, done; visa, not done"
  `);
  await item.focus();
  await page.keyboard.press('Enter');
  await expect(item).toHaveAttribute('aria-current', 'true');
  await expect(page).toHaveURL(new RegExp(`/notes/${note.id}$`));
});

test('no link leads to "/#": Info is a button', async ({ page, account }) => {
  await account.api.createNote('Dated note');
  await openLoggedIn(page, account);
  await notesNav(page).getByRole('link', { name: 'Dated note' }).click();
  await expect(page.getByRole('button', { name: 'Info' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Info' })).toHaveCount(0);
  await expect(page.locator('a[href="/#"], a[href="#"]')).toHaveCount(0);
});

test('a task box in the editor is named by its item and says whether it is done', async ({
  page,
  account,
}) => {
  await account.api.createNote('Shopping\n- [ ] Apples\n- [x] Pears');
  await openLoggedIn(page, account);
  await notesNav(page)
    .getByRole('link', { name: /^Shopping/ })
    .click();
  await expect(editor(page)).toBeVisible();
  const apples = editor(page).getByRole('checkbox', { name: 'Apples, not done' });
  await expect(apples).not.toBeChecked();
  await expect(editor(page).getByRole('checkbox', { name: 'Pears, done' })).toBeChecked();
  await apples.click();
  await expect(editor(page).getByRole('checkbox', { name: 'Apples, done' })).toBeChecked();
});

test('each "End session" button names the session it ends, no two alike', async ({
  page,
  account,
}) => {
  // Two more sessions from the same program at the same address, at once.
  await Promise.all([logInToken(account), logInToken(account)]);
  await openLoggedIn(page, account);
  await openAccount(page);
  const sessions = page.getByRole('region', { name: 'Sessions' });
  await expect(sessions.getByRole('listitem')).toHaveCount(4);
  const buttons = sessions.getByRole('button', { name: /^End session: / });
  await expect(buttons).toHaveCount(3);
  const names = await buttons.evaluateAll((all) => all.map((each) => each.ariaLabel ?? ''));
  expect(new Set(names).size).toBe(3);
  for (const name of names) expect(name).toMatch(/^End session: .+, 127\.0\.0\.1, last active /);

  await buttons.first().click();
  await expect(sessions.getByRole('status')).toHaveText(
    `${names[0]?.replace('End session', 'Session ended')}.`,
  );
  await expect(sessions.getByRole('status')).toBeFocused();
});
