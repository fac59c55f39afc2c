import type { Page } from '@playwright/test';
import { editorText } from './support/editor-text.js';
import { expect, openLoggedIn, test } from './support/fixtures.js';
import { editor, notesNav } from './support/notes-page.js';

// A note's title typed anew: once it stands, the links to the old title in other notes follow
// it, live in every window, and "Undo" points them back.

const PLANS = (title: string) => `Plans\nsee [[${title}#Day 2|day two]] and [[${title}]]`;

async function openNote(page: Page, title: RegExp): Promise<void> {
  await notesNav(page).getByRole('link', { name: title }).click();
  await expect(page.locator('.markdown-editor .cm-content')).toBeFocused();
}

test.describe('Renames that keep links working', () => {
  test('a title typed in one window updates the links open in another, and Undo puts them back', async ({
    page,
    browser,
    server,
    account,
  }) => {
    await account.api.createNote('Lisbon trip\nflights and hotel');
    await account.api.createNote(PLANS('Lisbon trip'));
    const renameCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/rename-links')) renameCalls.push(request.postData() ?? '');
    });

    const otherContext = await browser.newContext({
      baseURL: server.url,
      viewport: { width: 1280, height: 800 },
    });
    const other = await otherContext.newPage();
    await openLoggedIn(other, account);
    await openNote(other, /^Plans/);
    await openLoggedIn(page, account);
    await openNote(page, /^Lisbon trip/);

    // "trip" becomes "plan", letter by letter, as a person types.
    await page.keyboard.press('ControlOrMeta+Home');
    await page.keyboard.press('End');
    for (let i = 0; i < 'trip'.length; i += 1) await page.keyboard.press('Backspace');
    await page.keyboard.type('plan', { delay: 120 });

    await expect.poll(() => editorText(editor(other))).toBe(PLANS('Lisbon plan'));
    const notice = page.getByRole('status').filter({ hasText: 'Updated links in 1 note' });
    await expect(notice).toBeVisible();
    expect(renameCalls).toHaveLength(1);
    expect(JSON.parse(renameCalls[0] ?? '')).toEqual({ from: 'Lisbon trip', to: 'Lisbon plan' });
    await expect(editor(page)).toBeFocused();

    await notice.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => editorText(editor(other))).toBe(PLANS('Lisbon trip'));
    await expect(page.getByRole('status').filter({ hasText: 'Links put back' })).toBeVisible();
    // The renamed note keeps its new title; its links elsewhere point where they did.
    expect((await editorText(editor(page))).split('\n')[0]).toBe('Lisbon plan');
    await otherContext.close();
  });
});
