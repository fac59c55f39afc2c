import {
  addPerson,
  BUTTON_LABEL,
  expect,
  signInAtProvider,
  test,
} from './support/single-sign-on.js';

// Pictures of the Log In screen with single sign-on, for a human to look at: the button below the
// password form, the screen with OIDC_ONLY, and a refusal's message. Wide and narrow, light and
// dark.

test.describe('single sign-on screenshots', () => {
  for (const scheme of ['light', 'dark'] as const) {
    test(`Log In with single sign-on (${scheme})`, async ({ page, signOn }, testInfo) => {
      const shoot = (name: string) =>
        page.screenshot({ path: testInfo.outputPath(`${scheme}-${name}.png`), fullPage: true });
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });

      const setup = await signOn({ OIDC_ALLOWED_DOMAINS: 'example.org' });
      await page.goto(setup.quire.url);
      await expect(page.getByRole('link', { name: BUTTON_LABEL })).toBeVisible();
      await shoot('1-login-with-button');

      const outsider = addPerson(setup, { email: 'eve@elsewhere.net', email_verified: true });
      await page.getByRole('link', { name: BUTTON_LABEL }).click();
      await signInAtProvider(page, outsider);
      await expect(page.getByRole('alert')).toContainText('not allowed');
      await shoot('2-refused');

      const only = await signOn({ OIDC_ALLOW_ANY: 'true', OIDC_ONLY: 'true' });
      await page.goto(only.quire.url);
      await expect(page.getByRole('link', { name: BUTTON_LABEL })).toBeVisible();
      await shoot('3-single-sign-on-only');
    });
  }
});
