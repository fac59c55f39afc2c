import { expect, type Page } from '@playwright/test';

/** The Account screen's API tokens section. */
export const tokensSection = (page: Page) => page.getByRole('region', { name: 'API tokens' });

/**
 * Makes a token in the Account screen as a user does: a name, the default scope (read notes),
 * an expiry, the password. Leaves the new token on screen and answers it.
 */
export async function makeToken(
  page: Page,
  options: { name: string; password: string; expires?: string },
): Promise<string> {
  const section = tokensSection(page);
  await section.getByRole('button', { name: 'New token' }).click();
  await section.getByLabel('Name').fill(options.name);
  await section.getByLabel('Expires').selectOption({ label: options.expires ?? '30 days' });
  await section.getByLabel('Your password').fill(options.password);
  await section.getByRole('button', { name: 'Create token' }).click();
  const shown = section.getByLabel('Your new token');
  await expect(shown).toHaveValue(/^quire_pat_/);
  return shown.inputValue();
}
