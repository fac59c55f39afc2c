import type { Page } from '@playwright/test';
import { editorText } from './support/editor-text.js';
import { type Account, expect, openLoggedIn, test } from './support/fixtures.js';
import { editor, notesNav } from './support/notes-page.js';

// Links between notes, written `[[Title]]`: followed from the editor with the mouse and the
// keyboard, made with `[[` and the list of titles, and followed from the preview.

/** Opens the note whose list entry matches `title` in the editor. */
async function openNote(page: Page, account: Account, title: RegExp): Promise<void> {
  await openLoggedIn(page, account);
  await notesNav(page).getByRole('link', { name: title }).click();
  await expect(page.locator('.markdown-editor .cm-content')).toBeFocused();
}

/** The link written exactly as `written` in the editor. */
const link = (page: Page, written: string) =>
  page.locator('.markdown-editor .cm-wiki-link', {
    hasText: new RegExp(`^${written.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`),
  });

const firstLine = async (page: Page) => (await editorText(editor(page))).split('\n')[0];

test.describe('Wiki links in the editor', () => {
  test('Ctrl+click on a link opens the note it names, at its heading', async ({
    page,
    account,
  }) => {
    const filler = Array.from({ length: 80 }, (_, i) => `Line ${i + 1}`).join('\n');
    await account.api.createNote(`# Lisbon trip\n${filler}\n## Day 2\nTram 28 to the castle`);
    await account.api.createNote('Plans\n\nSee [[lisbon TRIP]] and [[Lisbon trip#Day 2|day two]].');
    await openNote(page, account, /Plans/);

    await expect(link(page, '[[lisbon TRIP]]')).not.toHaveClass(/unresolved/);
    // The spelling check marks "lisbon" inside the link; the link stays one element.
    await expect(link(page, '[[lisbon TRIP]]').locator('.cm-misspelling')).toHaveText('lisbon');
    await link(page, '[[lisbon TRIP]]').click({ modifiers: ['ControlOrMeta'] });
    await expect.poll(() => firstLine(page)).toBe('# Lisbon trip');
    await expect(notesNav(page).getByRole('link', { name: /^Lisbon trip/ })).toHaveAttribute(
      'aria-current',
      /.+/,
    );

    await notesNav(page)
      .getByRole('link', { name: /^Plans/ })
      .click();
    await link(page, '[[Lisbon trip#Day 2|day two]]').click({ modifiers: ['ControlOrMeta'] });
    await expect(notesNav(page).getByRole('link', { name: /^Lisbon trip/ })).toHaveAttribute(
      'aria-current',
      'true',
    );
    await expect(page.locator('.markdown-editor .cm-line', { hasText: 'Day 2' })).toBeInViewport();
    await expect
      .poll(() => page.locator('.markdown-editor .cm-scroller').evaluate((el) => el.scrollTop))
      .toBeGreaterThan(0);
  });

  test('a title two notes share: the link says so and opens the one changed last', async ({
    page,
    account,
  }) => {
    await account.api.createNote('Plan\nthe old one');
    await account.api.createNote('plan\nthe new one');
    await account.api.createNote('Week\nsee [[PLAN]]');
    await openNote(page, account, /^Week/);
    await expect(link(page, '[[PLAN]]')).toHaveAttribute(
      'title',
      /2 notes go by this name: the link opens the one changed last/,
    );
    await link(page, '[[PLAN]]').click({ modifiers: ['ControlOrMeta'] });
    await expect.poll(() => editorText(editor(page))).toBe('plan\nthe new one');
  });

  test('Alt+Enter follows the link at the cursor; a plain click only places it', async ({
    page,
    account,
  }) => {
    await account.api.createNote('Recipes\nbread, soup');
    await account.api.createNote('Shopping\nflour for [[Recipes]]');
    await openNote(page, account, /Shopping/);

    await link(page, '[[Recipes]]').click();
    await expect.poll(() => firstLine(page)).toBe('Shopping');
    await page.keyboard.press('Alt+Enter');
    await expect.poll(() => firstLine(page)).toBe('Recipes');
  });

  test('following a link to a missing note creates it, titled by the link', async ({
    page,
    account,
  }) => {
    await account.api.createNote('Ideas\nwrite about [[Garden Plans]]');
    await openNote(page, account, /Ideas/);

    await expect(link(page, '[[Garden Plans]]')).toHaveClass(/cm-wiki-link-unresolved/);
    await link(page, '[[Garden Plans]]').click({ modifiers: ['ControlOrMeta'] });
    await expect.poll(() => firstLine(page)).toBe('# Garden Plans');
    await expect(notesNav(page).getByRole('link', { name: /^Garden Plans/ })).toBeVisible();
    await expect
      .poll(async () => (await account.api.listNotes()).map((note) => note.body))
      .toContain('# Garden Plans\n');
    // The cursor waits on a fresh line below the title: typing starts the note's text.
    await page.keyboard.type('Tomatoes by the wall.');
    await expect
      .poll(async () => (await account.api.listNotes()).map((note) => note.body))
      .toContain('# Garden Plans\nTomatoes by the wall.');

    // Back in the first note, the link now finds the new note.
    await notesNav(page).getByRole('link', { name: /Ideas/ }).click();
    await expect(link(page, '[[Garden Plans]]')).not.toHaveClass(/unresolved/);
  });

  test('a [[link]] in code is not a link', async ({ page, account }) => {
    await account.api.createNote('Code\n`[[Inline]]`\n```\n[[Fenced]]\n```\n[[Real]]');
    await openNote(page, account, /Code/);
    await expect(link(page, '[[Real]]')).toHaveCount(1);
    await expect(page.locator('.markdown-editor .cm-wiki-link')).toHaveCount(1);
  });

  test('typing [[ offers the titles; arrows and Enter complete the link', async ({
    page,
    account,
  }) => {
    await account.api.createNote('# Garden log\nroses');
    await account.api.createNote('Grocery list');
    await account.api.createNote('Journal\n');
    await openNote(page, account, /^Journal/);
    await page.keyboard.press('ControlOrMeta+End');

    await page.keyboard.type('Went to the ');
    // The note being written goes to the top of the list, and the titles offered follow it.
    await expect(notesNav(page).getByRole('link').first()).toHaveAccessibleName(/^Journal/);
    await page.keyboard.type('[[');
    const options = page.getByRole('listbox').getByRole('option');
    await expect(options).toHaveText(['Journal', 'Grocery list', 'Garden log']);
    await page.keyboard.type('gl');
    await expect(options).toHaveText(['Garden log', 'Grocery list']);
    await page.keyboard.press('ArrowDown');
    await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
    await expect(options).toHaveCount(0);
    await page.keyboard.type(' today');
    await expect
      .poll(() => editorText(editor(page)))
      .toBe('Journal\nWent to the [[Grocery list]] today');
    await expect(link(page, '[[Grocery list]]')).not.toHaveClass(/unresolved/);

    // Escape closes the list and keeps what was typed.
    await page.keyboard.press('Enter');
    await page.keyboard.type('[[gar');
    await expect(options).toHaveText(['Garden log']);
    await page.keyboard.press('Escape');
    await expect(options).toHaveCount(0);
    await expect
      .poll(() => editorText(editor(page)))
      .toBe('Journal\nWent to the [[Grocery list]] today\n[[gar');
  });
});

test.describe('The [[ list and aliases', () => {
  test('offers a note by its alias, says whose it is, and links to its title', async ({
    page,
    account,
  }) => {
    await account.api.createNote('---\naliases: [Cheese scones]\n---\n# Baking\nflour, butter');
    await account.api.createNote('Journal\n');
    await openNote(page, account, /^Journal/);
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.type('Made [[chees');
    const options = page.getByRole('listbox').getByRole('option');
    await expect(options).toHaveCount(1);
    await expect(options.first()).toContainText('Cheese scones');
    await expect(options.first()).toContainText('Baking');
    await page.keyboard.press('Enter');
    await page.keyboard.type(' today');
    await expect
      .poll(() => editorText(editor(page)))
      .toBe('Journal\nMade [[Baking|Cheese scones]] today');
    await expect(link(page, '[[Baking|Cheese scones]]')).not.toHaveClass(/unresolved/);
  });
});

test.describe('Wiki links in the preview', () => {
  test('a click on a link opens the note here; one to a missing note creates it', async ({
    page,
    account,
  }) => {
    const recipesNote = await account.api.createNote('# Recipes\nbread, soup');
    await account.api.createNote('Menu\n\nCook from [[recipes]], not [[Takeaway]]; `[[in code]]`');
    await openNote(page, account, /^Menu/);
    const address = page.url();
    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByRole('article', { name: 'Preview' });

    await expect(preview.getByRole('link')).toHaveCount(2);
    await expect(preview.getByText('[[in code]]')).toBeVisible();
    const takeaway = preview.getByRole('link', { name: 'Takeaway' });
    await expect(takeaway).toHaveClass(/note-preview__note-link--missing/);
    const recipes = preview.getByRole('link', { name: 'recipes' });
    await expect(recipes).not.toHaveClass(/missing/);
    await expect(recipes).not.toHaveAttribute('target');

    await recipes.click();
    await expect(preview.getByRole('heading', { name: 'Recipes' })).toBeVisible();
    await expect(notesNav(page).getByRole('link', { name: /^Recipes/ })).toHaveAttribute(
      'aria-current',
      'true',
    );
    // Opened here, at its own address; Back returns to the note the link was in.
    expect(new URL(page.url()).pathname).toBe(`/notes/${recipesNote.id}`);
    expect(page.context().pages()).toHaveLength(1);
    await page.goBack();
    await expect(notesNav(page).getByRole('link', { name: /^Menu/ })).toHaveAttribute(
      'aria-current',
      'true',
    );
    expect(page.url()).toBe(address);

    await notesNav(page).getByRole('link', { name: /^Menu/ }).click();
    await preview.getByRole('link', { name: 'Takeaway' }).click();
    await expect(preview.getByRole('heading', { name: 'Takeaway' })).toBeVisible();
    await expect
      .poll(async () => (await account.api.listNotes()).map((note) => note.body))
      .toContain('# Takeaway\n');
  });

  test('what Obsidian vaults write: properties, a link to a block, a link in a table, code in a link', async ({
    page,
    account,
  }) => {
    const filler = Array.from({ length: 80 }, (_, i) => `Line ${i + 1}`).join('\n');
    await account.api.createNote(
      `Guide\n\n---\naliases: [Manual]\ncssclasses:\n  - wide\n\n---\n\n${filler}\n\nLearn to link. ^b1`,
    );
    await account.api.createNote(
      'Index\n\n| Where | Link |\n|---|---|\n| top | [[Guide\\|the guide]] |\n\nSee [[Guide#^b1|`linking`]].\n\n![[Guide#^b1]]',
    );
    await openNote(page, account, /^Index/);

    await expect(link(page, '[[Guide\\|the guide]]')).not.toHaveClass(/unresolved/);
    await link(page, '[[Guide#^b1|`linking`]]').click({ modifiers: ['ControlOrMeta'] });
    await expect(notesNav(page).getByRole('link', { name: /^Guide/ })).toHaveAttribute(
      'aria-current',
      'true',
    );
    await expect(
      page.locator('.markdown-editor .cm-line', { hasText: 'Learn to link.' }),
    ).toBeInViewport();

    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByRole('article', { name: 'Preview' });
    const properties = preview.locator('dl[data-properties]');
    await expect(properties.locator('dt')).toHaveText(['aliases', 'cssclasses']);
    await expect(properties.locator('dd li')).toHaveText(['Manual', 'wide']);
    await expect(preview).toContainText('Learn to link.');
    await expect(preview).not.toContainText('^b1');

    await notesNav(page)
      .getByRole('link', { name: /^Index/ })
      .click();
    await expect(preview.getByRole('cell', { name: 'the guide' }).getByRole('link')).toBeVisible();
    await expect(preview.getByRole('link', { name: 'linking' }).locator('code')).toHaveText(
      'linking',
    );
    // The embed shows the block alone, not the note around it.
    const embed = preview.locator('[data-embed]');
    await expect(embed).toContainText('Learn to link.');
    await expect(embed).not.toContainText('Line 1');
  });
});
