import { codeFor, openAccount, turnOnTwoFactor } from './support/account-page.js';
import { expect, openLoggedIn, test } from './support/fixtures.js';

test('with two-factor sign-in on, a new password and turning it off need a code', async ({
  page,
  account,
}, testInfo) => {
  await openLoggedIn(page, account);
  await openAccount(page);
  const twoFactor = page.getByRole('region', { name: 'Two-factor sign-in' });
  const { key, recovery } = await turnOnTwoFactor(page, account.password);

  // Turned on after the password form was shown: the server's answer brings the code field.
  const password = page.getByRole('region', { name: 'Password' });
  await password.getByLabel('Current password').fill(account.password);
  await password.getByLabel('New password').fill('a brand new password');
  await password.getByRole('button', { name: 'Change password' }).click();
  await expect(password.getByRole('alert')).toHaveText(
    'Enter the code from your authenticator app.',
  );
  // One code for both steps: computed again later, a 30-second boundary would make it a new one.
  const nextCode = codeFor(key, 1);
  await password.getByLabel('Code from the app').fill(nextCode);
  await password.getByRole('button', { name: 'Change password' }).click();
  await expect(password.getByRole('status')).toHaveText(/Password changed/);

  // Opened again, the screen asks for the code from the start.
  await page.getByRole('button', { name: 'Notes' }).click();
  await openAccount(page);
  await expect(password.getByLabel('Code from the app')).toBeVisible();

  // Turning it off asks for a code too; the newest was just used, so a recovery code does.
  await twoFactor.getByRole('button', { name: 'Turn off two-factor sign-in' }).click();
  await twoFactor.getByLabel('Your password').fill('a brand new password');
  await twoFactor.getByLabel('Code from the app').fill(nextCode);
  await twoFactor.getByRole('button', { name: 'Turn off' }).click();
  await expect(twoFactor.getByRole('alert')).toHaveText(/That code does not match/);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await twoFactor.scrollIntoViewIfNeeded();
      await page.screenshot({
        path: testInfo.outputPath(`two-factor-off-${width}-${colorScheme}.png`),
      });
    }
  }
  await twoFactor.getByLabel('Code from the app').fill(recovery);
  await twoFactor.getByRole('button', { name: 'Turn off' }).click();
  await expect(twoFactor.getByText(/^Off\./)).toBeVisible();
});

test('with two-factor sign-in on, deleting the account needs a code', async ({ page, account }) => {
  await openLoggedIn(page, account);
  await openAccount(page);
  const { key } = await turnOnTwoFactor(page, account.password);

  // Turned on after the form was shown: the server's answer brings the code field.
  const danger = page.getByRole('region', { name: 'Delete account' });
  await danger.getByLabel('Your password').fill(account.password);
  page.once('dialog', (dialog) => void dialog.accept());
  await danger.getByRole('button', { name: 'Delete account' }).click();
  await expect(danger.getByRole('alert')).toHaveText('Enter the code from your authenticator app.');
  await expect(page.getByRole('heading', { name: 'Account', level: 1 })).toBeVisible();

  // Opened again, the screen asks for the code from the start.
  await page.getByRole('button', { name: 'Notes' }).click();
  await openAccount(page);
  await danger.getByLabel('Your password').fill(account.password);
  await danger.getByLabel('Code from the app').fill(codeFor(key, 1));
  page.once('dialog', (dialog) => void dialog.accept());
  await danger.getByRole('button', { name: 'Delete account' }).click();
  await expect(page.getByText('Your account was deleted.')).toBeVisible();
});
