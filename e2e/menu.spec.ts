import { expect, openLoggedIn, test } from './support/fixtures.js';

test.describe('Side menu', () => {
  test('opens from Menu, closes with its close button and Escape, moving focus', async ({
    page,
    account,
  }) => {
    await openLoggedIn(page, account);
    const menuButton = page.getByRole('button', { name: 'Menu', exact: true });
    const menu = page.locator('#menu');
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await expect(menuButton).toHaveAttribute('aria-controls', 'menu');
    await expect(menu).toBeHidden();

    await menuButton.click();
    const dialog = page.getByRole('dialog', { name: 'Menu' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAttribute('id', 'menu');
    await expect(dialog.getByRole('heading', { name: 'Menu' })).toBeVisible();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    await expect(dialog.getByRole('button', { name: 'Close menu' })).toBeFocused();
    await expect(dialog.getByText(account.email)).toBeVisible();

    await dialog.getByRole('button', { name: 'Close menu' }).click();
    await expect(menu).toBeHidden();
    await expect(menuButton).toBeFocused();

    await menuButton.press('Enter');
    await expect(dialog).toBeVisible();
    for (const entry of ['Trash', 'Account', 'Export all notes', 'Import…', 'Log out']) {
      await page.keyboard.press('Tab');
      await expect(dialog.getByRole('button', { name: entry })).toBeFocused();
    }
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Close menu' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(menuButton).toBeFocused();
  });

  test('Log out ends the session and shows Log In', async ({ page, account }) => {
    await account.api.createNote('Private');
    await openLoggedIn(page, account);
    await expect(page.getByRole('link', { name: 'Private' })).toBeVisible();
    const token = await page.evaluate(() => localStorage.getItem('token'));

    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    // The app leaves the session at once and tells the server after; the check below waits for that.
    const loggedOut = page.waitForResponse((response) => response.url().endsWith('/api/logout'));
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await expect(page.getByRole('link', { name: 'Private' })).toHaveCount(0);

    // The old token no longer works on the server.
    expect((await loggedOut).status()).toBe(204);
    const check = await fetch(new URL('/api/check', account.api.baseUrl), {
      headers: { token: token ?? '', 'content-type': 'application/json' },
    });
    expect(check.status).toBe(401);

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
  });
});
