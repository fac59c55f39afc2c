import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { expect, logInToken, openLoggedIn, test } from './support/fixtures.js';

// Pictures of the Account screen and the second Log In step, for a human to look at.
const folder = process.env.QUIRE_SCREENSHOT_DIR ?? join('test-results', 'screenshots');

async function shoot(page: Page, name: string) {
  const project = test.info().project.name;
  await page.screenshot({ path: join(folder, `${project}-${name}.png`), fullPage: true });
}

test.describe('account screenshots', () => {
  for (const scheme of ['light', 'dark'] as const) {
    test(`account states (${scheme})`, async ({ page, account }) => {
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
      await logInToken(account); // a second device in the list of sessions
      await openLoggedIn(page, account);
      await page.getByRole('button', { name: 'Menu', exact: true }).click();
      await page.getByRole('button', { name: 'Account' }).click();
      const sessions = page.getByRole('region', { name: 'Sessions' });
      await expect(sessions.getByRole('listitem')).toHaveCount(3);
      await shoot(page, `${scheme}-account-1`);

      const twoFactor = page.getByRole('region', { name: 'Two-factor sign-in' });
      await twoFactor.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
      await twoFactor.getByLabel('Your password').fill(account.password);
      await twoFactor.getByRole('button', { name: 'Continue' }).click();
      await expect(twoFactor.getByRole('img', { name: /QR code/ })).toBeVisible();
      await shoot(page, `${scheme}-account-2-setup`);

      const key = ((await twoFactor.locator('code').textContent()) ?? '').replace(/\s/g, '');
      const code = TOTP.generate({ secret: Secret.fromBase32(key) });
      await twoFactor.getByLabel('Code from the app').fill(code);
      await twoFactor.getByRole('button', { name: 'Confirm' }).click();
      await expect(twoFactor.getByRole('list', { name: 'Recovery codes' })).toBeVisible();
      await shoot(page, `${scheme}-account-3-recovery-codes`);

      await twoFactor.getByRole('button', { name: 'I have saved them' }).click();
      await page.getByRole('button', { name: 'Notes' }).click();
      await page.getByRole('button', { name: 'Menu', exact: true }).click();
      await page.getByRole('button', { name: 'Log out' }).click();
      await page.getByLabel('Email address').fill(account.email);
      await page.getByLabel('Password').fill(account.password);
      await page.getByRole('button', { name: 'Submit' }).click();
      await expect(page.getByLabel('Authentication code')).toBeFocused();
      await shoot(page, `${scheme}-account-4-login-code`);
    });
  }
});
