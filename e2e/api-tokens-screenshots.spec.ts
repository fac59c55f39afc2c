import type { Page } from '@playwright/test';
import { openAccount } from './support/account-page.js';
import { makeToken, tokensSection } from './support/api-tokens-page.js';
import { expect, openLoggedIn, test } from './support/fixtures.js';

// Pictures of the API tokens section, wide and narrow, light and dark, for a human to look at.
async function shoot(page: Page, name: string) {
  const section = tokensSection(page);
  await section.scrollIntoViewIfNeeded();
  await section.screenshot({ path: test.info().outputPath(`${name}.png`) });
}

for (const scheme of ['light', 'dark'] as const) {
  test(`API tokens section (${scheme})`, async ({ page, account }) => {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    await openLoggedIn(page, account);
    await openAccount(page);
    const section = tokensSection(page);
    await makeToken(page, { name: 'Nightly backup', password: account.password, expires: 'Never' });
    await section.getByRole('button', { name: 'Done' }).click();

    await section.getByRole('button', { name: 'New token' }).click();
    await section.getByLabel('Name').fill('Sync to my laptop');
    await section.getByLabel('Write notes').check();
    await section.getByLabel('Expires').selectOption({ label: 'On a date…' });
    await expect(section.getByLabel('Last day it works')).toBeVisible();
    await section.getByRole('button', { name: 'Create token' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`${scheme}-1-form.png`) });

    await section.getByLabel('Last day it works').fill('2099-12-31');
    await section.getByLabel('Your password').fill(account.password);
    await section.getByRole('button', { name: 'Create token' }).click();
    await expect(section.getByLabel('Your new token')).toBeVisible();
    await expect(section.getByRole('listitem')).toHaveCount(2);
    await expect(section.getByRole('listitem').first()).toContainText('Expires 2099-12-31');
    await shoot(page, `${scheme}-2-shown-once`);
    await page.screenshot({ path: test.info().outputPath(`${scheme}-3-screen.png`) });
  });
}
