import type { Page } from '@playwright/test';
import { editorText } from './support/editor-text.js';
import { expect, openLoggedIn, test } from './support/fixtures.js';
import { abortOffsiteRequests } from './support/offsite-guard.js';

// Spell checking runs entirely on Quire's own origin: every request elsewhere is aborted and
// recorded, and each test ends by asserting that none was even attempted.
let offsite: string[] = [];

/** Records CSP violations from the first script on, so a blocked style or worker shows up. */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  const messages: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) messages.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return async () => [
    ...messages,
    ...(await page.evaluate(
      () => (window as unknown as { cspViolations: string[] }).cspViolations,
    )),
  ];
}

test.beforeEach(async ({ context }) => {
  offsite = await abortOffsiteRequests(context);
});
test.afterEach(() => expect(offsite).toEqual([]));

const editor = (page: Page) => page.getByRole('textbox', { name: 'Note text' });
const marks = (page: Page) => editor(page).locator('.cm-misspelling');

test.describe('Spell checking', () => {
  test('marks "teh" but not "the", nor code, with styles the CSP allows', async ({
    page,
    account,
  }) => {
    const cspViolations = await watchCsp(page);
    const dictionaryUrls: string[] = [];
    page.context().on('request', (request) => {
      if (request.url().includes('/dictionaries/')) dictionaryUrls.push(request.url());
    });
    await account.api.createNote('Fix teh typo in the text\n\nBut not `teh` in code.');
    await openLoggedIn(page, account);
    await page.getByRole('link', { name: /Fix teh typo/ }).click();

    await expect(editor(page)).toBeFocused();
    await expect(marks(page)).toHaveCount(1);
    await expect(marks(page)).toHaveText('teh');
    await expect(marks(page)).toHaveCSS('text-decoration-style', 'wavy');
    await expect(editor(page)).toHaveAttribute('spellcheck', 'false');
    expect(dictionaryUrls.every((url) => url.startsWith(account.api.baseUrl))).toBe(true);
    expect(dictionaryUrls.some((url) => /\/dictionaries\/en_US-\w+\.dic$/.test(url))).toBe(true);
    expect(await cspViolations()).toEqual([]);
  });

  test('English words with accents are not marked, typed composed or with combining marks', async ({
    page,
    account,
  }) => {
    await account.api.createNote('Accents');
    await openLoggedIn(page, account);
    await page.getByRole('link', { name: /Accents/ }).click();
    await expect(editor(page)).toBeFocused();
    await page.keyboard.press('Control+End');

    const words = 'café résumé naïve crème Ångström';
    await page.keyboard.type(`\n${words} teh `);
    // The same words again, each accent typed as a combining mark after its letter.
    await page.keyboard.type(`\n${words.normalize('NFD')} `);
    await expect.poll(() => editorText(editor(page))).toContain(words.normalize('NFD'));

    await expect(marks(page)).toHaveText(['teh']);
  });

  test('a suggestion from the right-click menu replaces the word as one undoable change', async ({
    page,
    account,
  }) => {
    const note = await account.api.createNote('Fix teh typo');
    await openLoggedIn(page, account);
    await page.getByRole('link', { name: /Fix teh typo/ }).click();

    await marks(page).first().click({ button: 'right' });
    const menu = page.getByRole('menu', { name: 'Spelling suggestions' });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('menuitem').first()).toBeFocused();
    await expect(menu.getByRole('menuitem', { name: 'Add to dictionary' })).toBeVisible();
    await menu.getByRole('menuitem', { name: 'the', exact: true }).click();

    await expect(menu).toBeHidden();
    await expect.poll(() => editorText(editor(page))).toBe('Fix the typo');
    await expect(marks(page)).toHaveCount(0);
    await expect.poll(async () => (await account.api.note(note.id))?.body).toBe('Fix the typo');

    await page.keyboard.press('Control+z');
    await expect.poll(() => editorText(editor(page))).toBe('Fix teh typo');
  });

  test('the keyboard opens the menu; "Add to dictionary" removes the mark for good', async ({
    page,
    account,
  }) => {
    await account.api.createNote('Ideas\nblorptastic plans, teh list, more blorptastic');
    await openLoggedIn(page, account);
    await page.getByRole('link', { name: /Ideas/ }).click();
    await expect(marks(page)).toHaveText(['blorptastic', 'teh', 'blorptastic']);

    // Escape closes the menu and gives the editor back its focus.
    await marks(page).first().click();
    await page.keyboard.press('Shift+F10');
    const menu = page.getByRole('menu', { name: 'Spelling suggestions' });
    await expect(menu).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(editor(page)).toBeFocused();

    await page.keyboard.press('Control+.');
    await expect(menu.getByRole('menuitem', { name: 'No suggestions' })).toBeVisible();
    await page.keyboard.press('End');
    await expect(menu.getByRole('menuitem', { name: 'Add to dictionary' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(marks(page)).toHaveText(['teh']);

    // Kept for the account.
    await page.reload();
    await page.getByRole('link', { name: /Ideas/ }).click();
    await expect(marks(page)).toHaveText(['teh']);
  });
});
