import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { openAccount } from './support/account-page.js';
import { editorText } from './support/editor-text.js';
import {
  expect,
  logInToken,
  openLoggedIn,
  PASSWORD,
  test,
  uniqueEmail,
} from './support/fixtures.js';
import { editor, notesNav } from './support/notes-page.js';
import { testWithOwnServer } from './support/own-server.js';

// The flows around the editor as a new user meets them, with real key presses, at both widths.

const newButton = (page: Page) => page.getByRole('button', { name: 'New', exact: true });

/** On a narrow screen the list, and its New button, shows only once the open note is closed. */
async function showList(page: Page): Promise<void> {
  if (await newButton(page).isVisible()) return;
  await page.getByRole('button', { name: 'Back' }).click();
}

test.describe('New', () => {
  for (const how of ['click', 'shortcut'] as const) {
    test(`by ${how}, then typing at once, ten times: every key lands in its new note`, async ({
      page,
      account,
    }) => {
      const kept = await account.api.createNote('Kept note\nwith its own words');
      await openLoggedIn(page, account);
      await expect(notesNav(page).getByRole('link', { name: /Kept note/ })).toBeVisible();
      const typed: string[] = [];
      for (let i = 1; i <= 10; i += 1) {
        const text = `Note ${i} by ${how}`;
        if (how === 'click') {
          await showList(page);
          await newButton(page).click();
        } else await page.keyboard.press('Alt+Shift+N');
        // No wait of any kind between the press and the typing.
        await page.keyboard.type(text);
        typed.push(text);
      }
      await expect.poll(() => editorText(editor(page))).toBe(typed.at(-1));
      const bodies = async () => (await account.api.listNotes()).map((note) => note.body).sort();
      await expect.poll(bodies).toEqual([...typed, kept.body].sort());
      expect((await account.api.note(kept.id))?.revision).toBe(kept.revision);
    });
  }
});

test('a save sends the whole note, with its times', async ({ page, account }) => {
  await account.api.createNote('Whole');
  await openLoggedIn(page, account);
  const saved = page.waitForRequest((request) => request.method() === 'PUT');
  await notesNav(page).getByRole('link', { name: 'Whole' }).click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type(' note');
  const sent = (await saved).postDataJSON() as Record<string, unknown>;
  expect(sent).toMatchObject({ body: expect.stringMatching(/^Whole /) });
  expect(sent.timeCreated).toEqual(expect.any(Number));
  expect(sent.timeLastModified).toEqual(expect.any(Number));
  expect(sent.revision).toEqual(expect.any(Number));
});

test('a delete asks first, then offers Undo, which brings the note back where it was', async ({
  page,
  account,
}) => {
  await account.api.importNotes([
    { body: 'Third', secondsAgo: 3 * 3600 },
    { body: 'Second', secondsAgo: 2 * 3600 },
    { body: 'First', secondsAgo: 3600 },
  ]);
  await openLoggedIn(page, account);
  // Another window of the same account sees the delete and its undoing live.
  const other = await page.context().newPage();
  await openLoggedIn(other, account);
  const order = ['First', 'Second', 'Third'];
  const otherLinks = notesNav(other).getByRole('link');
  await expect(otherLinks).toHaveText(order);
  const links = notesNav(page).getByRole('link');
  await expect(links).toHaveText(order);
  await links.filter({ hasText: 'Second' }).click();
  const asked: string[] = [];
  page.once('dialog', (dialog) => {
    asked.push(dialog.message());
    void dialog.accept();
  });
  await page.getByRole('button', { name: 'Delete' }).click();
  const toast = page.getByRole('status').filter({ hasText: 'Moved to Trash' });
  await expect(toast).toBeVisible();
  expect(asked).toEqual(['Are you sure?']);
  await expect(links).toHaveText(['First', 'Third']);
  await expect(otherLinks).toHaveText(['First', 'Third']);
  await toast.getByRole('button', { name: 'Undo' }).click();
  await expect(toast).toHaveCount(0);
  // Open again, as it was, and in its place in the list, here, in the other window, and for
  // the server (its modified time is the one it had).
  await expect(editor(page)).toBeVisible();
  await expect.poll(() => editorText(editor(page))).toBe('Second');
  await showList(page);
  await expect(links).toHaveText(order);
  await expect(otherLinks).toHaveText(order);
  await expect.poll(async () => (await account.api.listNotes()).map((n) => n.body)).toEqual(order);
  await page.reload();
  await expect(links).toHaveText(order);
});

test.describe('the note toolbar', () => {
  test("the browser's Back closes an open note and stays in Quire", async ({ page, account }) => {
    const note = await account.api.createNote('Back and forth');
    await openLoggedIn(page, account);
    const url = page.url();
    const link = notesNav(page).getByRole('link', { name: 'Back and forth' });
    for (let round = 0; round < 2; round += 1) {
      await link.click();
      await expect(editor(page)).toBeFocused();
      expect(new URL(page.url()).pathname).toBe(`/notes/${note.id}`);
      await page.goBack();
      await expect(link).toBeVisible();
      await expect(editor(page)).toHaveCount(0);
      expect(page.url()).toBe(url);
    }
    if (test.info().project.name !== 'narrow') return;
    // A new note, closed by the toolbar's Back: the browser's Back is not spent on it.
    await newButton(page).click();
    await expect(editor(page)).toBeFocused();
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(link).toBeVisible();
    expect(page.url()).toBe(url);
    await link.click();
    await page.goBack();
    await expect(link).toBeVisible();
    expect(page.url()).toBe(url);
  });

  test('buttons are named, explained, large enough to touch, and Delete stands apart', async ({
    page,
    account,
  }) => {
    await account.api.createNote('Toolbar');
    await openLoggedIn(page, account);
    await notesNav(page).getByRole('link', { name: 'Toolbar' }).click();
    await expect(editor(page)).toBeFocused();
    const bar = page.getByRole('main').locator('header');
    const controls = bar.locator('button, a');
    const narrow = test.info().project.name === 'narrow';
    for (const control of await controls.all()) {
      if (!(await control.isVisible())) continue;
      const name = await control.evaluate((element) => element.textContent?.trim() ?? '');
      const explained = await control.evaluate(
        (element) =>
          Boolean(element.getAttribute('title')) || element.hasAttribute('aria-describedby'),
      );
      expect(name, 'an accessible name').not.toBe('');
      expect(explained, `"${name}" has a tooltip`).toBe(true);
      if (narrow) {
        const box = (await control.boundingBox())!;
        expect(box.width, `"${name}" width`).toBeGreaterThanOrEqual(44);
        expect(box.height, `"${name}" height`).toBeGreaterThanOrEqual(44);
      }
    }
    const history = (await bar.getByRole('button', { name: 'History' }).boundingBox())!;
    const remove = (await bar.getByRole('button', { name: 'Delete' }).boundingBox())!;
    expect(remove.x - (history.x + history.width)).toBeGreaterThanOrEqual(16);
  });
});

testWithOwnServer(
  'a first run keeps the Log In form and leads plainly to the first account',
  async ({ page }) => {
    await page.goto('/');
    const notice = page.getByRole('region', { name: 'Welcome to Quire' });
    await expect(notice).toContainText('This server has no account yet.');
    // The Log In form, as it always is (docs/interface.md#the-log-in-form).
    await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
    await expect(page.getByPlaceholder('Enter email')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Submit' })).toBeVisible();

    await notice.getByRole('button', { name: 'Create the first account' }).click();
    await expect(page.getByRole('heading', { name: 'Create account' })).toBeVisible();
    await expect(notice).toHaveCount(0);
    await page.getByLabel('Email address').click();
    await page.keyboard.type(uniqueEmail());
    await page.getByLabel('Password').click();
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Notes' })).toBeVisible();

    // Once an account exists, the notice is gone.
    await page.evaluate(() => window.localStorage.removeItem('token'));
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Submit' })).toBeVisible();
    await expect(notice).toHaveCount(0);
  },
);

/** Types into a field with real key presses. */
async function typeInto(field: Locator, text: string): Promise<void> {
  await field.click();
  await field.page().keyboard.type(text);
}

test.describe('Account', () => {
  test('the sessions list shows only live sessions after a new password and after signing out elsewhere', async ({
    page,
    account,
  }) => {
    await logInToken(account);
    await openLoggedIn(page, account);
    await openAccount(page);
    const sessions = page.getByRole('region', { name: 'Sessions' });
    const endButtons = sessions.getByRole('button', { name: /^End session/ });
    // The account's API session, the other device, and this browser.
    await expect(sessions.getByRole('listitem')).toHaveCount(3);

    const password = page.getByRole('region', { name: 'Password' });
    await typeInto(password.getByLabel('Current password'), account.password);
    const newPassword = 'a brand new password';
    await typeInto(password.getByLabel('New password'), newPassword);
    await page.keyboard.press('Enter');
    await expect(password.getByRole('status')).toHaveText(/Password changed/);
    await expect(sessions.getByRole('listitem')).toHaveCount(1);
    await expect(endButtons).toHaveCount(0);

    await logInToken({ ...account, password: newPassword });
    await page.getByRole('button', { name: 'Notes' }).click();
    await openAccount(page);
    await expect(sessions.getByRole('listitem')).toHaveCount(2);
    page.once('dialog', (dialog) => void dialog.accept());
    await sessions.getByRole('button', { name: 'Sign out everywhere else' }).click();
    await expect(sessions.getByRole('listitem')).toHaveCount(1);
    await expect(endButtons).toHaveCount(0);
    await expect(sessions.getByRole('button', { name: 'Sign out everywhere else' })).toHaveCount(0);
  });

  test('recovery codes can be copied and downloaded', async ({ page, account, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await openLoggedIn(page, account);
    await openAccount(page);
    const twoFactor = page.getByRole('region', { name: 'Two-factor sign-in' });
    await twoFactor.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
    await typeInto(twoFactor.getByLabel('Your password'), account.password);
    await page.keyboard.press('Enter');
    const key = ((await twoFactor.locator('code').textContent()) ?? '').replace(/\s/g, '');
    const code = TOTP.generate({ secret: Secret.fromBase32(key) });
    await typeInto(twoFactor.getByLabel('Code from the app'), code);
    await page.keyboard.press('Enter');
    const listed = twoFactor.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await expect(listed).toHaveCount(10);
    const codes = (await listed.allTextContents()).map((text) => text.trim());

    await twoFactor.getByRole('button', { name: 'Copy' }).click();
    await expect(twoFactor.getByRole('status')).toHaveText('Copied.');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(codes.join('\n'));

    const downloading = page.waitForEvent('download');
    await twoFactor.getByRole('button', { name: 'Download' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('quire-recovery-codes.txt');
    const saved = await readFile(await download.path(), 'utf8');
    expect(saved).toContain(account.email);
    for (const one of codes) expect(saved).toContain(one);
  });
});
