import { expect, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';

/** The code an authenticator app would show now (or `offset` steps later) for the key. */
export const codeFor = (key: string, offset = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(key), timestamp: Date.now() + offset * 30_000 });

/** Opens the Account screen from the side menu, as a user does. */
export async function openAccount(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Account' }).click();
  await expect(page.getByRole('heading', { name: 'Account', level: 1 })).toBeVisible();
}

/**
 * Turns two-factor sign-in on in the Account screen as a user does: the password, the app's
 * code, the recovery codes saved. Answers the key and the first recovery code.
 */
export async function turnOnTwoFactor(
  page: Page,
  password: string,
): Promise<{ key: string; recovery: string }> {
  const twoFactor = page.getByRole('region', { name: 'Two-factor sign-in' });
  await twoFactor.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  await twoFactor.getByLabel('Your password').fill(password);
  await twoFactor.getByRole('button', { name: 'Continue' }).click();
  const key = ((await twoFactor.locator('code').textContent()) ?? '').replace(/\s/g, '');
  await twoFactor.getByLabel('Code from the app').fill(codeFor(key));
  await twoFactor.getByRole('button', { name: 'Confirm' }).click();
  const codes = twoFactor.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recovery = (await codes.first().textContent()) ?? '';
  await twoFactor.getByRole('button', { name: 'I have saved them' }).click();
  await expect(twoFactor.getByText(/^On\./)).toBeVisible();
  return { key, recovery };
}
