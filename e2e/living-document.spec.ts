import type { BrowserContext, Page } from '@playwright/test';
import { editorText } from './support/editor-text.js';
import { type Account, expect, openLoggedIn, test } from './support/fixtures.js';
import { editor, goToEndOfLine, notesNav, saveStatus } from './support/notes-page.js';

/** A second window of the same account, signed in, with the note titled `title` open. */
async function openIn(page: Page, account: Account, title: RegExp, text: string): Promise<void> {
  await openLoggedIn(page, account);
  await notesNav(page).getByRole('link', { name: title }).click();
  await expect.poll(() => editorText(editor(page))).toBe(text);
}

/** The note's text once the server and every window show the same; undefined until then. */
async function agreedText(account: Account, noteId: string, windows: Page[]) {
  const stored = (await account.api.note(noteId))?.body;
  const shown = await Promise.all(windows.map((window) => editorText(editor(window))));
  return shown.every((text) => text === stored) ? stored : undefined;
}

test.describe('One living document per note', () => {
  let otherContext: BrowserContext;
  let other: Page;

  test.beforeEach(async ({ browser, server }) => {
    otherContext = await browser.newContext({ baseURL: server.url });
    other = await otherContext.newPage();
  });
  test.afterEach(async () => {
    await otherContext.close();
  });

  test('two windows typing brackets and quotes at one spot at once each keep their words whole', async ({
    page,
    account,
  }) => {
    const note = await account.api.createNote('Then:');
    for (const window of [page, other]) {
      await openIn(window, account, /Then/, 'Then:');
      await goToEndOfLine(window, 0);
    }
    const first = ' (apple) pie "quoted A" [one]';
    const second = ' (banana) split "quoted B" [two]';
    await Promise.all([
      editor(page).pressSequentially(first, { delay: 40 }),
      editor(other).pressSequentially(second, { delay: 40 }),
    ]);
    const agreed = () => agreedText(account, note.id, [page, other]);
    await expect.poll(agreed).toMatch(/^Then:/);
    expect([`Then:${first}${second}`, `Then:${second}${first}`]).toContain(await agreed());
  });

  test('list items typed at one spot at once, with Enter continuing the list, stay whole', async ({
    page,
    account,
  }) => {
    const note = await account.api.createNote('Shopping\n- bread');
    for (const window of [page, other]) {
      await openIn(window, account, /Shopping/, 'Shopping\n- bread');
      await goToEndOfLine(window, 1);
    }
    await Promise.all([
      (async () => {
        for (const item of ['milk', 'eggs']) {
          await editor(page).press('Enter');
          await editor(page).pressSequentially(item, { delay: 40 });
        }
      })(),
      (async () => {
        for (const item of ['tea', 'jam']) {
          await editor(other).press('Enter');
          await editor(other).pressSequentially(item, { delay: 40 });
        }
      })(),
    ]);
    const agreed = () => agreedText(account, note.id, [page, other]);
    await expect.poll(agreed).toMatch(/^Shopping/);
    const lines = (await agreed())?.split('\n') ?? [];
    expect(lines.slice(0, 2)).toEqual(['Shopping', '- bread']);
    expect(lines.slice(2).sort()).toEqual(['- eggs', '- jam', '- milk', '- tea']);
    expect(lines.indexOf('- milk')).toBeLessThan(lines.indexOf('- eggs'));
    expect(lines.indexOf('- tea')).toBeLessThan(lines.indexOf('- jam'));
  });

  test('a paste at one spot in each window keeps both pasted texts whole', async ({
    page,
    account,
  }) => {
    const note = await account.api.createNote('Quotes:');
    for (const window of [page, other]) {
      await openIn(window, account, /Quotes/, 'Quotes:');
      await goToEndOfLine(window, 0);
    }
    const paste = (window: Page, text: string) =>
      window.evaluate((pasted) => {
        const data = new DataTransfer();
        data.setData('text/plain', pasted);
        const target = document.activeElement?.shadowRoot?.activeElement ?? document.activeElement;
        target?.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true }));
      }, text);
    await Promise.all([paste(page, ' "To be, or not"'), paste(other, ' "Call me Ishmael"')]);
    const agreed = () => agreedText(account, note.id, [page, other]);
    await expect.poll(agreed).toMatch(/^Quotes:/);
    expect(await agreed()).toContain(' "To be, or not"');
    expect(await agreed()).toContain(' "Call me Ishmael"');
  });

  test('typing through a delete made in another window keeps the editor open and every key', async ({
    page,
    account,
  }) => {
    const note = await account.api.createNote('Plans');
    await openIn(page, account, /Plans/, 'Plans');
    await openIn(other, account, /Plans/, 'Plans');
    await goToEndOfLine(page, 0);
    const sentence = ' every word of this sentence must survive the delete';
    const typing = editor(page).pressSequentially(sentence, { delay: 50 });
    // The other window deletes the note while the first is halfway through the sentence.
    await expect.poll(() => editorText(editor(page))).toContain('of this');
    other.once('dialog', (dialog) => void dialog.accept());
    await other.getByRole('button', { name: 'Delete' }).click();
    // The notice comes while the keys are still going, and may be gone once they are done.
    await Promise.all([
      typing,
      expect(page.getByText(/was deleted on another device while you were writing/)).toBeVisible(),
    ]);
    await expect(editor(page)).toBeVisible();
    await expect.poll(async () => (await account.api.note(note.id))?.body).toBe(`Plans${sentence}`);
    await expect(saveStatus(page, 'Saved')).toBeVisible();
    // It is in the list again, on both windows.
    await expect(notesNav(other).getByRole('link', { name: /Plans every word/ })).toBeVisible();
  });

  test("undo takes back this window's own typing only, across another window's", async ({
    page,
    account,
  }) => {
    const note = await account.api.createNote('Undo test');
    for (const window of [page, other]) await openIn(window, account, /Undo test/, 'Undo test');
    await goToEndOfLine(page, 0);
    await editor(page).pressSequentially(' mine');
    await expect.poll(() => editorText(editor(other))).toBe('Undo test mine');
    await editor(other).press('Control+Home');
    await editor(other).pressSequentially('Theirs: ');
    await expect.poll(() => editorText(editor(page))).toBe('Theirs: Undo test mine');
    // Undo as often as one likes: this window's typing goes, the other window's stays.
    for (let i = 0; i < 8; i++) await editor(page).press('Control+z');
    await expect.poll(() => editorText(editor(page))).toBe('Theirs: Undo test');
    await expect
      .poll(async () => (await account.api.note(note.id))?.body)
      .toBe('Theirs: Undo test');
    await expect.poll(() => editorText(editor(other))).toBe('Theirs: Undo test');
    for (let i = 0; i < 8; i++) await editor(page).press('Control+Shift+Z');
    await expect.poll(() => editorText(editor(page))).toBe('Theirs: Undo test mine');
  });

  test('each window shows where the other is typing, labelled with its device, until it leaves', async ({
    page,
    account,
  }) => {
    await account.api.createNote('Elsewhere');
    await account.api.createNote('Presence\n\nsecond line');
    for (const window of [page, other]) {
      await openIn(window, account, /Presence/, 'Presence\n\nsecond line');
    }
    await goToEndOfLine(other, 2);
    await editor(other).pressSequentially(' typed');
    const peer = page.locator('.cm-peer-caret');
    await expect(peer).toHaveCount(1);
    await expect(peer).toHaveAttribute('data-name', /Chrome on Linux/);
    await expect(peer).not.toHaveClass(/cm-peer--idle/);
    // The caret stands where the other window typed: after "second line typed" (the text and
    // the caret travel apart; both come).
    await expect
      .poll(() => peer.evaluate((caret) => caret.closest('.cm-line')?.textContent))
      .toContain('second line typed');
    await page.screenshot({ path: test.info().outputPath('presence.png') });
    // The other window opens another note: its caret goes at once.
    await notesNav(other)
      .getByRole('link', { name: /Elsewhere/ })
      .click();
    await expect(peer).toHaveCount(0);
    // Back in the note, it shows again; the window closing takes it away as well.
    await notesNav(other)
      .getByRole('link', { name: /Presence/ })
      .click();
    await expect(peer).toHaveCount(1);
    await other.close();
    await expect(peer).toHaveCount(0);
  });
});
