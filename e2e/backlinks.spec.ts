import type { Page } from '@playwright/test';
import { editorText } from './support/editor-text.js';
import { expect, openLoggedIn, test } from './support/fixtures.js';
import { editor, notesNav } from './support/notes-page.js';

// "Linked from" under a note: the notes that link to it, opened at the link, kept live, and
// the notes that only name it, made links with one click.

const panel = (page: Page) => page.getByRole('region', { name: 'Links to this note' });
const linkedFrom = (page: Page) => panel(page).getByRole('list', { name: 'Linked from' });

async function openNote(page: Page, title: RegExp): Promise<void> {
  await notesNav(page).getByRole('link', { name: title }).click();
  await expect(page.locator('.markdown-editor .cm-content')).toBeFocused();
}

test('a note lists the notes linking to it; a click opens one at its link', async ({
  page,
  account,
}) => {
  const filler = Array.from({ length: 60 }, (_, i) => `Line ${i + 1}`).join('\n');
  await account.api.createNote('# Lisbon trip\nTram 28');
  await account.api.createNote(`Plans\n${filler}\nSee [[lisbon trip]] in May`);
  await account.api.createNote('Packing\nfor the Lisbon trip: shoes');
  await openLoggedIn(page, account);
  await openNote(page, /^Lisbon trip/);

  const toggle = panel(page).getByRole('button', { name: /^Linked from/ });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await expect(toggle).toContainText('1');
  const entry = linkedFrom(page).getByRole('button', { name: /^Plans/ });
  await expect(entry).toContainText('See [[lisbon trip]] in May');

  // Linked elsewhere, the panel follows live.
  await account.api.createNote('Budget\n[[Lisbon trip]]: 400 euros');
  await expect(linkedFrom(page).getByRole('button', { name: /^Budget/ })).toBeVisible();
  await expect(toggle).toContainText('2');

  // Opened at the link: the next key lands just before it.
  await entry.click();
  await expect(notesNav(page).getByRole('link', { name: /^Plans/ })).toHaveAttribute(
    'aria-current',
    'true',
  );
  await expect(page.locator('.markdown-editor .cm-line', { hasText: 'See [[' })).toBeInViewport();
  await page.keyboard.type('(go) ');
  await expect
    .poll(async () => (await editorText(editor(page))).split('\n').at(-1))
    .toBe('See (go) [[lisbon trip]] in May');
});

test('an unlinked mention becomes a link with one click, kept in the note', async ({
  page,
  account,
}) => {
  await account.api.createNote('# Lisbon trip\nTram 28');
  const packing = await account.api.createNote('Packing\nfor the LISBON trip: shoes');
  await openLoggedIn(page, account);
  await openNote(page, /^Lisbon trip/);

  // Nothing links to it yet: the panel is one line, "Linked from 0" and the mentions' toggle.
  await expect(panel(page)).toContainText('Linked from0');
  const box = await panel(page).boundingBox();
  expect(box?.height).toBeLessThan(56);
  await panel(page)
    .getByRole('button', { name: /^Unlinked mentions/ })
    .click();
  const mentions = panel(page).getByRole('list', { name: 'Unlinked mentions' });
  await expect(mentions).toContainText('for the LISBON trip: shoes');
  await mentions.getByRole('button', { name: 'Link' }).click();

  await expect(linkedFrom(page).getByRole('button', { name: /^Packing/ })).toContainText(
    'for the [[LISBON trip]]: shoes',
  );
  await expect(mentions).toHaveCount(0);
  await expect
    .poll(async () => (await account.api.note(packing.id))?.body)
    .toBe('Packing\nfor the [[LISBON trip]]: shoes');
  // The note as it was stays in its history.
  await expect.poll(async () => (await account.api.versions(packing.id)).length).toBeGreaterThan(0);
});

test('"Linked from" stays folded or open as it was left, from note to note and after a reload', async ({
  page,
  account,
}) => {
  await account.api.createNote('# Lisbon trip\nTram 28');
  await account.api.createNote('# Porto trip\nBridges');
  await account.api.createNote('Plans\n[[Lisbon trip]] then [[Porto trip]]');
  await openLoggedIn(page, account);
  await openNote(page, /^Lisbon trip/);
  const toggle = panel(page).getByRole('button', { name: /^Linked from/ });
  const wasOpen = (await toggle.getAttribute('aria-expanded')) === 'true';
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', String(!wasOpen));

  await openNote(page, /^Porto trip/);
  await expect(toggle).toHaveAttribute('aria-expanded', String(!wasOpen));
  await page.reload();
  await expect(toggle).toHaveAttribute('aria-expanded', String(!wasOpen));
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', String(wasOpen));
  await openNote(page, /^Lisbon trip/);
  await expect(toggle).toHaveAttribute('aria-expanded', String(wasOpen));
});
