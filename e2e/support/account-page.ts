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
