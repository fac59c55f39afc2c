import type { Page } from '@playwright/test';
import { expect, openLoggedIn, test } from './support/fixtures.js';

const notesNav = (page: Page) => page.getByRole('navigation', { name: 'Notes' });
const titles = (page: Page) => notesNav(page).locator('.note-link__title');
const searchField = (page: Page) => page.getByRole('searchbox', { name: 'Search notes' });

test.describe('Finding notes', () => {
  test('searches as you type, highlights matches, and Esc brings the list back', async ({
    page,
    account,
  }) => {
    await account.api.createNote('Garden ideas\ntomatoes and basil');
    await account.api.createNote('Weekly plan\nwater the garden on Sunday');
    await account.api.createNote('Café visit\nthe espresso was strong');
    await openLoggedIn(page, account);
    await expect(titles(page)).toHaveText(['Café visit', 'Weekly plan', 'Garden ideas']);

    await page.keyboard.press('/');
    await expect(searchField(page)).toBeFocused();
    await page.keyboard.type('gard');
    // A title match ranks first; every match is highlighted.
    await expect(titles(page)).toHaveText(['Garden ideas', 'Weekly plan']);
    await expect(notesNav(page).locator('mark')).toHaveText(['Garden', 'garden']);

    await searchField(page).fill('cafe');
    await expect(titles(page)).toHaveText(['Café visit']);
    await page.keyboard.press('Escape');
    await expect(searchField(page)).toHaveValue('');
    await expect(titles(page)).toHaveText(['Café visit', 'Weekly plan', 'Garden ideas']);

    await searchField(page).fill('nothing-like-this');
    await expect(notesNav(page).getByRole('status')).toHaveText('No notes match.');
  });

  test('keeps results current as notes change and go elsewhere', async ({ page, account }) => {
    const lamp = await account.api.createNote('Lighthouse\nthe lamp needs oil');
    const other = await account.api.createNote('Shopping\nmilk');
    await openLoggedIn(page, account);
    await searchField(page).fill('lamp');
    await expect(titles(page)).toHaveText(['Lighthouse']);

    await account.api.updateNote({ ...other, body: 'Shopping\nmilk and a lamp bulb' });
    await expect(titles(page)).toHaveText(['Lighthouse', 'Shopping']);
    await account.api.deleteNote(lamp.id);
    await expect(titles(page)).toHaveText(['Shopping']);
  });

  test('filters the list by a tag from the side menu, in list order', async ({ page, account }) => {
    await account.api.createNote('Milk\n#errands');
    await account.api.createNote('Novel draft\n#writing');
    await account.api.createNote('Post office\n#Errands and stamps');
    await openLoggedIn(page, account);
    await expect(titles(page)).toHaveCount(3);

    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    const tags = page.getByRole('region', { name: 'Tags' });
    await expect(tags.getByRole('button')).toHaveText(['#errands2 notes', '#writing1 note']);
    await tags.getByRole('button', { name: /#errands/ }).click();
    await expect(titles(page)).toHaveText(['Post office', 'Milk']);

    await page.getByRole('button', { name: 'Remove the tag filter #errands' }).click();
    await expect(titles(page)).toHaveCount(3);
    await searchField(page).fill('tag:writ');
    await expect(titles(page)).toHaveText(['Novel draft']);
  });

  test('a note whose title is the query comes first, in the switcher and in search', async ({
    page,
    account,
  }) => {
    await account.api.createNote(`# Obsidian CLI\n${'scripts run from a terminal. '.repeat(40)}`);
    for (let i = 0; i < 6; i += 1) {
      await account.api.createNote(`Obsidian CLI ${i}\n${'Obsidian CLI. '.repeat(12)}`);
    }
    await openLoggedIn(page, account);
    await expect(titles(page)).toHaveCount(7);

    await page.keyboard.press('Control+p');
    const switcher = page.getByRole('dialog', { name: 'Open a note' });
    await page.keyboard.type('obsidian cli');
    await expect(switcher.getByRole('option').first()).toHaveText('# Obsidian CLI');
    await page.keyboard.press('Escape');

    await searchField(page).click();
    await page.keyboard.type('Obsidian CLI');
    await expect(titles(page)).toHaveCount(7);
    await expect(titles(page).first()).toHaveText('# Obsidian CLI');
  });

  test('on a wide screen the tags are one click away, beside the search, without the menu', async ({
    page,
    account,
  }, testInfo) => {
    await account.api.createNote('Milk\n#errands');
    await account.api.createNote('Post office\n#errands #town');
    await account.api.createNote('Novel draft\n#writing');
    await openLoggedIn(page, account);
    await expect(titles(page)).toHaveCount(3);

    const button = page.getByRole('button', { name: 'Tags', exact: true });
    await button.click();
    const tags = page.getByRole('dialog', { name: 'Tags' });
    await expect(tags.getByRole('button', { name: /#errands/ })).toBeFocused();
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await page.screenshot({ path: testInfo.outputPath(`tags-popover-${colorScheme}.png`) });
    }
    await page.keyboard.press('Escape');
    await expect(tags).toBeHidden();
    await expect(button).toBeFocused();

    await page.keyboard.press('Enter');
    await tags.getByRole('button', { name: /#writing/ }).click();
    await expect(tags).toBeHidden();
    await expect(titles(page)).toHaveText(['Novel draft']);
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();
  });

  test('opens a note with the quick switcher, by keyboard only', async ({ page, account }) => {
    await account.api.createNote('Grocery list\neggs');
    await account.api.createNote('Glass repair\ncall the glazier');
    await account.api.createNote('Travel plans\ntrain times');
    await openLoggedIn(page, account);
    await expect(titles(page)).toHaveCount(3);

    await page.keyboard.press('Control+p');
    const switcher = page.getByRole('dialog', { name: 'Open a note' });
    await expect(switcher.getByRole('combobox', { name: 'Note title' })).toBeFocused();
    await page.keyboard.type('trpl');
    const found = switcher.getByRole('listbox', { name: 'Notes' }).getByRole('option');
    await expect(found).toHaveText(['Travel plans']);
    await page.keyboard.press('Control+a');
    await page.keyboard.type('gl');
    await expect(found).toHaveText(['Glass repair', 'Grocery list']);
    await expect(found.first()).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowDown');
    await expect(switcher.getByRole('option', { selected: true })).toHaveText('Grocery list');
    await page.keyboard.press('Enter');
    await expect(switcher).toBeHidden();
    await expect(notesNav(page).getByRole('link', { name: /Grocery list/ })).toHaveAttribute(
      'aria-current',
      'true',
    );

    await page.keyboard.press('Alt+Shift+L');
    await expect(notesNav(page).getByRole('link', { name: /Grocery list/ })).toBeFocused();
    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(help).toContainText('Open a note by title');
    await page.keyboard.press('Escape');
    await expect(help).toBeHidden();
  });
});
