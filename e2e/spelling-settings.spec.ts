import type { Browser, Page, TestInfo } from '@playwright/test';
import { openAccount } from './support/account-page.js';
import { type Account, expect, openLoggedIn, test } from './support/fixtures.js';
import { abortOffsiteRequests } from './support/offsite-guard.js';

// The spell-check language and the account's own words follow the account to every device:
// each window here is a browser of its own (no storage shared), so only the server connects them.

const editor = (page: Page) => page.getByRole('textbox', { name: 'Note text' });
const marks = (page: Page) => editor(page).locator('.cm-misspelling');
const spellingSection = (page: Page) => page.getByRole('region', { name: 'Spelling' });
const spellWorkers = (page: Page) =>
  page.workers().filter((worker) => /spell-worker/.test(worker.url())).length;

/** A window of its own (a separate browser profile) signed in to the account. */
async function openDevice(browser: Browser, account: Account, baseURL: string) {
  const context = await browser.newContext({ baseURL });
  const offsite = await abortOffsiteRequests(context);
  const page = await context.newPage();
  await openLoggedIn(page, account);
  return { page, offsite, close: () => context.close() };
}

async function openNote(page: Page, title: RegExp) {
  await page.getByRole('link', { name: title }).click();
  await expect(editor(page)).toBeVisible();
}

async function chooseLanguage(page: Page, name: string) {
  await openAccount(page);
  await spellingSection(page).getByLabel('Spell-check language').selectOption({ label: name });
  await page.getByRole('button', { name: 'Notes' }).click();
}

test.describe('Spelling settings of the account', () => {
  test('a word added in one window is not marked in the other after a reload, and is listed to remove', async ({
    browser,
    account,
    baseURL,
  }) => {
    await account.api.createNote('Ideas\nblorptastic plans, teh list');
    const one = await openDevice(browser, account, baseURL!);
    const two = await openDevice(browser, account, baseURL!);
    await openNote(one.page, /Ideas/);
    await openNote(two.page, /Ideas/);
    await expect(marks(one.page)).toHaveText(['blorptastic', 'teh']);
    await expect(marks(two.page)).toHaveText(['blorptastic', 'teh']);

    await marks(one.page).first().click({ button: 'right' });
    await one.page.getByRole('menuitem', { name: 'Add to dictionary' }).click();
    await expect(marks(one.page)).toHaveText(['teh']);
    // The right click left this window's caret inside the word, and the other window draws it
    // there, between two halves of the word's underline: the writer goes on at the end.
    await editor(one.page).press('Control+End');

    await two.page.reload();
    await openNote(two.page, /Ideas/);
    await expect(marks(two.page)).toHaveText(['teh']);

    // Listed in the other window's Account screen, and taken back from there.
    await openAccount(two.page);
    const words = spellingSection(two.page).getByRole('list', { name: 'Your dictionary' });
    await expect(words.getByRole('listitem')).toHaveText([/blorptastic/]);
    await words.getByRole('button', { name: 'Remove “blorptastic”' }).click();
    await expect(spellingSection(two.page).getByText(/No words yet/)).toBeVisible();
    await two.page.getByRole('button', { name: 'Notes' }).click();
    await openNote(two.page, /Ideas/);
    await expect(marks(two.page)).toHaveText(['blorptastic', 'teh']);

    expect([...one.offsite, ...two.offsite]).toEqual([]);
    await one.close();
    await two.close();
  });

  test('German marks English and not German, in both windows; Off marks nothing', async ({
    browser,
    account,
    baseURL,
  }) => {
    // Two windows each build the German checker (hundreds of megabytes) while the other runs.
    test.slow();
    await account.api.createNote('Wörter');
    const one = await openDevice(browser, account, baseURL!);
    const two = await openDevice(browser, account, baseURL!);
    await openNote(two.page, /Wörter/);

    await chooseLanguage(one.page, 'German (Deutsch)');
    await openNote(one.page, /Wörter/);
    await one.page.keyboard.press('Control+End');
    await one.page.keyboard.type('\nDer Hund schläft auf der Straße; the dog sleeps. ');
    await expect(marks(one.page)).toHaveText(['the', 'dog', 'sleeps']);

    // The other window takes the language when it next loads the settings.
    await expect(marks(two.page)).toHaveText([
      'Wörter',
      'Der',
      'Hund',
      'schläft',
      'auf',
      'der',
      'Straße',
    ]);
    await two.page.reload();
    await openNote(two.page, /Wörter/);
    await expect(marks(two.page)).toHaveText(['the', 'dog', 'sleeps']);
    expect(spellWorkers(two.page)).toBe(1);

    await chooseLanguage(two.page, 'Off');
    await openNote(two.page, /Wörter/);
    await expect(marks(two.page)).toHaveCount(0);
    // No checking at all: the worker and its dictionary are gone.
    await expect.poll(() => spellWorkers(two.page)).toBe(0);
    await editor(two.page).click();
    await two.page.keyboard.press('Control+End');
    await two.page.keyboard.type(' teh ');
    // The first window checks by German until it next loads the settings: the word that
    // arrives is marked there too.
    await expect(marks(one.page)).toHaveText(['the', 'dog', 'sleeps', 'teh']);
    await one.page.reload();
    await openNote(one.page, /Wörter/);
    await expect(editor(one.page)).toContainText('teh');
    await expect(marks(one.page)).toHaveCount(0);
    await expect.poll(() => spellWorkers(one.page)).toBe(0);

    expect([...one.offsite, ...two.offsite]).toEqual([]);
    await one.close();
    await two.close();
  });

  test('French, the largest dictionary, builds off the page: typing goes on meanwhile', async ({
    page,
    account,
  }) => {
    await account.api.createNote('Notes en français');
    await openLoggedIn(page, account);
    await chooseLanguage(page, 'French (Français)');
    await openNote(page, /Notes en français/);
    await editor(page).click();
    await page.keyboard.press('Control+End');
    // Typed while the worker still builds the dictionary: every key lands.
    const sentence = '\nLe garçon au château est très joli; the dog sleeps. ';
    await page.keyboard.type(sentence);
    await expect(editor(page)).toContainText(sentence.trim());
    await expect(marks(page)).toHaveText(['the', 'dog', 'sleeps'], { timeout: 60_000 });
  });
});

async function shoot(page: Page, info: TestInfo, name: string) {
  await spellingSection(page).screenshot({ path: info.outputPath(`${name}.png`) });
}

test.describe('Spelling settings screenshots', () => {
  for (const width of [1280, 390]) {
    for (const scheme of ['light', 'dark'] as const) {
      test(`the Spelling section at ${width} px (${scheme})`, async ({ page, account }, info) => {
        await page.setViewportSize({ width, height: 900 });
        await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
        for (const word of ['Zettelkasten', 'blorptastic', 'Ångström', 'Quire']) {
          const answer = await fetch(new URL('/api/account/spelling/words', account.api.baseUrl), {
            method: 'POST',
            headers: { token: account.api.token, 'content-type': 'application/json' },
            body: JSON.stringify({ word }),
          });
          expect(answer.status).toBe(200);
        }
        await openLoggedIn(page, account);
        await openAccount(page);
        const section = spellingSection(page);
        await expect(section.getByRole('listitem')).toHaveCount(4);
        await section.scrollIntoViewIfNeeded();
        await shoot(page, info, `spelling-${width}-${scheme}`);
        await section
          .getByLabel('Spell-check language')
          .selectOption({ label: 'French (Français)' });
        await expect(section.getByLabel('Spell-check language')).toHaveValue('fr');
      });
    }
  }
});
