import type { Page } from '@playwright/test';
import { editorText } from './support/editor-text.js';
import { type Account, expect, openLoggedIn, test } from './support/fixtures.js';
import { editor, notesNav } from './support/notes-page.js';
import { abortOffsiteRequests } from './support/offsite-guard.js';

// What a writer types, with real key presses: every character reaches the note and is stored
// exactly. Runs at both widths.
// The space goes inside the line: a leading one would rightly indent the next line too.
const VISIBLE_ASCII = Array.from({ length: 0x7e - 0x21 + 1 }, (_, i) =>
  String.fromCharCode(0x21 + i),
).join('');
const PRINTABLE_ASCII = `${VISIBLE_ASCII.slice(0, 47)} ${VISIBLE_ASCII.slice(47)}`;
const CORPUS = [
  PRINTABLE_ASCII,
  'See http://example.com/a?b=1&c=2#top on 1/2/2026? Yes/no?',
  'àéîõü ÀÉÎÕÜ ñ ç ß ø å œ',
  '日本語の文章、中文句子。한국어',
  'Emoji 🙂 👍🏽 👩‍💻',
];

/** Opens the note titled `title` in the CodeMirror editor (not its stand-in), cursor at the end. */
async function openInEditor(page: Page, account: Account, title: string): Promise<void> {
  await openLoggedIn(page, account);
  await notesNav(page)
    .getByRole('link', { name: new RegExp(title) })
    .click();
  await expect(page.locator('.markdown-editor .cm-content')).toBeFocused();
  await page.keyboard.press('ControlOrMeta+End');
}

const isNarrow = (page: Page) => (page.viewportSize()?.width ?? 0) < 680;
const content = (page: Page) => page.locator('.markdown-editor .cm-content');

const storedBody = async (account: Account, id: string) => (await account.api.note(id))?.body;

test.describe('Writing', () => {
  test('the title line looks like a title as it is typed; the list keeps it as written', async ({
    page,
    account,
  }, testInfo) => {
    await openLoggedIn(page, account);
    await page.getByRole('button', { name: 'New', exact: true }).click();
    await expect(editor(page)).toBeFocused();
    await page.keyboard.type('Trip to Porto');
    await page.keyboard.press('Enter');
    await page.keyboard.type('pack light');
    const lines = content(page).locator('.cm-line');
    await expect(lines.first()).toHaveClass(/cm-title-line/);
    await expect(lines.nth(1)).not.toHaveClass(/cm-title-line/);
    const size = (at: number) =>
      lines.nth(at).evaluate((line) => Number.parseFloat(getComputedStyle(line).fontSize));
    expect(await size(0)).toBeGreaterThan(await size(1));
    if (!isNarrow(page)) {
      await expect(notesNav(page).getByRole('link').first()).toHaveAccessibleName(/^Trip to Porto/);
    }
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await page.screenshot({ path: testInfo.outputPath(`title-line-${colorScheme}.png`) });
    }
    // A blank line typed above it: the title is still the first line with text.
    await page.keyboard.press('ControlOrMeta+Home');
    await page.keyboard.press('Enter');
    await expect(lines.nth(1)).toHaveClass(/cm-title-line/);
    await expect(lines.first()).not.toHaveClass(/cm-title-line/);
  });

  test('every character typed reaches the note and is stored exactly', async ({
    page,
    account,
  }) => {
    const note = await account.api.createNote('Corpus');
    await openLoggedIn(page, account);
    await notesNav(page)
      .getByRole('link', { name: /Corpus/ })
      .click();
    await expect(editor(page)).toBeFocused();
    await page.keyboard.press('ControlOrMeta+End');
    for (const line of CORPUS) {
      await page.keyboard.press('Enter');
      await page.keyboard.type(line);
    }
    const expected = ['Corpus', ...CORPUS].join('\n');
    await expect.poll(() => editorText(editor(page))).toBe(expected);
    await expect.poll(async () => (await account.api.note(note.id))?.body).toBe(expected);
    // Neither "/" nor "?" took focus away or opened a dialog on the way.
    await expect(editor(page)).toBeFocused();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('"/" and "?" still work as shortcuts from the list', async ({ page, account }) => {
    await account.api.createNote('Somewhere');
    await openLoggedIn(page, account);
    const link = notesNav(page).getByRole('link', { name: /Somewhere/ });
    await link.focus();
    await page.keyboard.press('?');
    await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
    await page.keyboard.press('Escape');
    await link.focus();
    await page.keyboard.press('/');
    await expect(page.getByRole('searchbox')).toBeFocused();
  });

  test("the Keyboard shortcuts dialog lists the editor's keys, and each does what it says", async ({
    page,
    account,
  }) => {
    const note = await account.api.createNote('Chores\n- [ ] water the plants');
    await openLoggedIn(page, account);
    const link = notesNav(page).getByRole('link', { name: /Chores/ });
    await link.focus();
    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(help.getByRole('heading', { name: 'In the editor' })).toBeVisible();
    const row = (action: string) => help.locator('.shortcuts-dialog__row', { hasText: action });
    await expect(row('Find and replace in the note').locator('kbd')).toHaveText(['Ctrl', 'F']);
    await expect(row('Tick or untick the task').locator('kbd')).toHaveText(['Ctrl', 'Enter']);
    await expect(row('Leave the editor')).toHaveText(/Esc\s*then\s*Tab/);
    await page.keyboard.press('Escape');
    await expect(help).toBeHidden();

    await link.click();
    // Ctrl+Enter is CodeMirror's: wait for it to take over from the textarea that stands in.
    await expect(content(page)).toBeFocused();
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.press('ControlOrMeta+Enter');
    await expect.poll(() => storedBody(account, note.id)).toBe('Chores\n- [x] water the plants');
    await page.keyboard.press('ControlOrMeta+f');
    await expect(page.getByRole('textbox', { name: 'Find' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(editor(page)).toBeFocused();
    await page.keyboard.press('Escape');
    await page.keyboard.press('Tab');
    await expect(editor(page)).not.toBeFocused();
    expect(await storedBody(account, note.id)).toBe('Chores\n- [x] water the plants');
  });

  test('Tab nests a list item and Shift+Tab moves it out; Enter on an empty item ends the list', async ({
    page,
    account,
  }) => {
    const note = await account.api.createNote('Groceries');
    await openInEditor(page, account, 'Groceries');
    await page.keyboard.press('Enter');
    await page.keyboard.type('- parent');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await page.keyboard.type('child');
    await page.keyboard.press('Enter');
    await page.keyboard.type('second child');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.type('sibling');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.type('after the list');
    const expected =
      'Groceries\n- parent\n  - child\n  - second child\n- sibling\n\nafter the list';
    await expect.poll(() => editorText(editor(page))).toBe(expected);
    await expect.poll(() => storedBody(account, note.id)).toBe(expected);
    await expect(editor(page)).toBeFocused();
  });

  test('Enter on an empty > line ends a quote or a callout, and the rest of the note stays out', async ({
    page,
    account,
  }) => {
    const note = await account.api.createNote('Reading\nThe rest');
    await openInEditor(page, account, 'Reading');
    await page.keyboard.press('ControlOrMeta+Home');
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('> [!tip] Worth keeping');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Slow reading pays.');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.type('My own words.');
    await page.keyboard.press('Enter');
    await page.keyboard.type('> A quote');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.type('After it.');
    const expected =
      'Reading\n> [!tip] Worth keeping\n> Slow reading pays.\n\nMy own words.\n> A quote\n\nAfter it.\nThe rest';
    await expect.poll(() => editorText(editor(page))).toBe(expected);
    await expect.poll(() => storedBody(account, note.id)).toBe(expected);
  });

  test('Tab outside a list indents and keeps the typing; Escape then Tab leaves', async ({
    page,
    account,
  }) => {
    const note = await account.api.createNote('Plain');
    await openInEditor(page, account, 'Plain');
    await expect(editor(page)).toHaveAccessibleDescription(/press Escape, then Tab/);
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await page.keyboard.type('indented');
    await expect(editor(page)).toBeFocused();
    await expect.poll(() => storedBody(account, note.id)).toBe('Plain\n  indented');
    await page.keyboard.press('Shift+Tab');
    await expect.poll(() => storedBody(account, note.id)).toBe('Plain\nindented');

    await page.keyboard.press('Escape');
    await page.keyboard.press('Tab');
    await expect(editor(page)).not.toBeFocused();
    await page.keyboard.type('lost?');
    expect(await storedBody(account, note.id)).toBe('Plain\nindented');
    expect(await editorText(editor(page))).toBe('Plain\nindented');
  });

  test('Ctrl+F in the editor finds and replaces text in the note, within the CSP', async ({
    page,
    account,
  }) => {
    const refused: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
    });
    const note = await account.api.createNote('Recipe\nflour and sugar\nmore sugar, less salt');
    await openInEditor(page, account, 'Recipe');
    await page.keyboard.press('ControlOrMeta+f');
    const find = page.getByRole('textbox', { name: 'Find' });
    await expect(find).toBeFocused();
    await page.keyboard.type('sugar');
    await page.keyboard.press('Enter');
    await expect(page.locator('.cm-searchMatch')).toHaveCount(2);
    await expect(page.locator('.cm-searchMatch-selected')).toHaveText('sugar');
    // No app dialog took the key.
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await page.getByRole('textbox', { name: 'Replace' }).focus();
    await page.keyboard.type('honey');
    await page.getByRole('button', { name: 'replace all' }).click();
    const replaced = 'Recipe\nflour and honey\nmore honey, less salt';
    await expect.poll(() => storedBody(account, note.id)).toBe(replaced);

    await find.focus();
    await page.keyboard.press('Escape');
    await expect(find).toBeHidden();
    await expect(page.locator('.markdown-editor .cm-content')).toBeFocused();
    expect(refused).toEqual([]);
  });

  test('Ctrl+click on a link opens it in a new tab; a plain click places the cursor', async ({
    page,
    context,
    account,
  }) => {
    const offsite = await abortOffsiteRequests(context);
    // The links lead to example.org: those requests are recorded here and never sent.
    const opened: { url: string; referer: string | undefined }[] = [];
    await context.route('https://example.org/**', (route) => {
      opened.push({ url: route.request().url(), referer: route.request().headers().referer });
      return route.abort();
    });
    const body =
      'Links\nTram https://example.org/tram-28 and the [museum](https://example.org/museum)';
    const note = await account.api.createNote(body);
    await openInEditor(page, account, 'Links');
    const appUrl = page.url();

    const bare = content(page).locator('span', { hasText: 'https://example.org/tram-28' }).last();
    const firstTab = context.waitForEvent('page');
    await bare.click({ modifiers: ['ControlOrMeta'] });
    const tab = await firstTab;
    await expect
      .poll(() => opened.map((request) => request.url))
      .toEqual(['https://example.org/tram-28']);
    // Sent without a referrer (noreferrer, which also cuts the tab off from the app).
    expect(opened[0]?.referer).toBeUndefined();
    expect(tab.url()).not.toBe(page.url());

    const secondTab = context.waitForEvent('page');
    await content(page)
      .locator('span', { hasText: /^museum$/ })
      .last()
      .click({ modifiers: ['ControlOrMeta'] });
    await secondTab;
    // Chromium may ask again for a page whose load failed; each link opened one tab (below).
    await expect
      .poll(() => [...new Set(opened.map((request) => request.url))])
      .toEqual(['https://example.org/tram-28', 'https://example.org/museum']);

    // The app stays as it was; a plain click edits the link like any text.
    expect(page.url()).toBe(appUrl);
    await expect.poll(() => editorText(editor(page))).toBe(body);
    await bare.click();
    await page.keyboard.type('X');
    await expect
      .poll(() => storedBody(account, note.id))
      .toMatch(/Tram https:\/\/\S*X\S*tram-28 and/);
    expect(context.pages()).toHaveLength(3);
    expect(offsite).toEqual([]);
  });

  test('a click on a #tag in the editor filters the list by it', async ({ page, account }) => {
    await account.api.createNote('Unrelated note');
    await account.api.createNote('Bakery list #Food');
    await account.api.createNote('Trip plan #travel\nRemember #food for later');
    await openInEditor(page, account, 'Trip plan');
    await content(page).locator('.cm-tag', { hasText: '#food' }).click();
    if (isNarrow(page)) await page.getByRole('button', { name: 'Back' }).click();
    await expect(notesNav(page).getByRole('link')).toHaveCount(2);
    await expect(notesNav(page).getByRole('link', { name: /Unrelated/ })).toHaveCount(0);
    // #Food and #food are one tag, shown as one of the notes writes it.
    await expect(
      page.getByRole('button', { name: /^Remove the tag filter #food$/i }),
    ).toBeVisible();
  });

  test('a task box ticks with one click and saves, in the editor and in the preview', async ({
    page,
    account,
  }) => {
    const note = await account.api.createNote('Chores\n- [ ] dishes\n- [x] laundry');
    await openInEditor(page, account, 'Chores');
    const boxes = content(page).getByRole('checkbox');
    await expect(boxes).toHaveCount(2);
    await expect(boxes.nth(1)).toBeChecked();
    await boxes.nth(0).click();
    await expect
      .poll(() => storedBody(account, note.id))
      .toBe('Chores\n- [x] dishes\n- [x] laundry');
    await expect(boxes.nth(0)).toBeChecked();
    // An edit like any other: undone by the keyboard, the focus never left the editor.
    await page.keyboard.press('ControlOrMeta+z');
    await expect
      .poll(() => storedBody(account, note.id))
      .toBe('Chores\n- [ ] dishes\n- [x] laundry');

    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByRole('article', { name: 'Preview' });
    await expect(preview.getByRole('checkbox')).toHaveCount(2);
    await preview.getByRole('checkbox', { name: 'laundry' }).click();
    await expect
      .poll(() => storedBody(account, note.id))
      .toBe('Chores\n- [ ] dishes\n- [ ] laundry');
    await expect(preview.getByRole('checkbox', { name: 'laundry' })).not.toBeChecked();
    // The editor shows the text ticked in the preview.
    await page.keyboard.press('Alt+Shift+E');
    await expect(boxes.nth(1)).not.toBeChecked();
    await expect(boxes.nth(0)).not.toBeChecked();
  });

  test('a note opened from search results shows its matches, scrolled to the first', async ({
    page,
    account,
  }) => {
    const filler = Array.from({ length: 80 }, (_, i) => `Line ${i + 1} of the logbook.`);
    const body = ['Logbook', ...filler, 'The Zeppelin passed overhead.', 'zeppelins again'].join(
      '\n',
    );
    await account.api.createNote('Another note');
    const note = await account.api.createNote(body);
    await openLoggedIn(page, account);
    await page.getByRole('searchbox', { name: 'Search notes' }).click();
    await page.keyboard.type('zeppel');
    await expect(notesNav(page).getByRole('link')).toHaveCount(1);
    await notesNav(page)
      .getByRole('link', { name: /Logbook/ })
      .click();
    const matches = content(page).locator('.cm-search-result');
    await expect(matches).toHaveCount(2);
    await expect(matches.first()).toHaveText('Zeppelin');
    await expect(matches.first()).toBeInViewport();
    // Highlighting changes nothing in the note.
    expect(await storedBody(account, note.id)).toBe(body);
  });
});
