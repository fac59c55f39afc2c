import type { Page } from '@playwright/test';
import { editorText } from './support/editor-text.js';
import { expect, openLoggedIn, test } from './support/fixtures.js';
import { editor, notesNav } from './support/notes-page.js';

// Every note has an address of its own: reloads, links, Back and Forward, at both widths.

const firstLine = async (page: Page) => (await editorText(editor(page))).split('\n')[0];
const path = (page: Page) => new URL(page.url()).pathname;
const listLink = (page: Page, title: string) =>
  notesNav(page).getByRole('link', { name: new RegExp(`^${title}`) });
const narrow = () => test.info().project.name === 'narrow';

test('a note opened has its own address; a reload reopens it', async ({ page, account }) => {
  const recipes = await account.api.createNote('Recipes\nbread, soup');
  await account.api.createNote('Shopping\nflour');
  await openLoggedIn(page, account);
  await listLink(page, 'Recipes').click();
  await expect(editor(page)).toBeFocused();
  expect(path(page)).toBe(`/notes/${recipes.id}`);

  await page.reload();
  await expect.poll(() => firstLine(page)).toBe('Recipes');
  expect(path(page)).toBe(`/notes/${recipes.id}`);
  // Typing goes on in the reopened note.
  await editor(page).click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type(', cake');
  await expect
    .poll(async () => (await account.api.listNotes()).find((n) => n.id === recipes.id)?.body)
    .toBe('Recipes\nbread, soup, cake');
});

test('Back and Forward move between the notes opened, and never leave Quire', async ({
  page,
  account,
}) => {
  const recipes = await account.api.createNote('Recipes\nbread, soup');
  const shopping = await account.api.createNote('Shopping\nflour for [[Recipes]]');
  await openLoggedIn(page, account);
  const start = page.url();
  await listLink(page, 'Shopping').click();
  await expect.poll(() => firstLine(page)).toBe('Shopping');
  // Following a wiki link by keyboard opens the other note at an address of its own.
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Alt+Enter');
  await expect.poll(() => firstLine(page)).toBe('Recipes');
  expect(path(page)).toBe(`/notes/${recipes.id}`);

  await page.goBack();
  await expect.poll(() => firstLine(page)).toBe('Shopping');
  expect(path(page)).toBe(`/notes/${shopping.id}`);
  await page.goBack();
  expect(page.url()).toBe(start);
  await expect(editor(page)).toHaveCount(0);
  await expect(listLink(page, 'Shopping')).toBeVisible();
  if (!narrow()) {
    await expect(page.getByText('Select a note or create a new one')).toBeVisible();
  }
  await page.goForward();
  await expect.poll(() => firstLine(page)).toBe('Shopping');
  await page.goForward();
  await expect.poll(() => firstLine(page)).toBe('Recipes');
  expect(path(page)).toBe(`/notes/${recipes.id}`);
});

test('a link to a note, opened signed out, opens that note after signing in', async ({
  page,
  account,
}) => {
  const trip = await account.api.createNote('Lisbon trip\ntrams, tiles');
  await account.api.createNote('Another note');
  await page.goto(`/notes/${trip.id}`);
  await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
  await page.getByLabel('Email address').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect.poll(() => firstLine(page)).toBe('Lisbon trip');
  expect(path(page)).toBe(`/notes/${trip.id}`);
});

test('an address naming a note that is not here says so, with a way back', async ({
  page,
  account,
}, testInfo) => {
  await account.api.createNote('Kept note');
  const gone = await account.api.createNote('Gone note');
  await account.api.deleteNote(gone.id);
  await openLoggedIn(page, account);
  await expect(listLink(page, 'Kept note')).toBeVisible();
  await page.goto(`/notes/${gone.id}`);
  const missing = page.getByRole('status').filter({ hasText: 'This note is not here' });
  await expect(missing).toBeVisible();
  await expect(editor(page)).toHaveCount(0);
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.screenshot({ path: testInfo.outputPath(`note-not-here-${colorScheme}.png`) });
  }
  await missing.getByRole('button', { name: 'Show all notes' }).click();
  await expect(missing).toHaveCount(0);
  expect(path(page)).toBe('/');
  await expect(listLink(page, 'Kept note')).toBeVisible();
  await listLink(page, 'Kept note').click();
  await expect.poll(() => firstLine(page)).toBe('Kept note');
});
