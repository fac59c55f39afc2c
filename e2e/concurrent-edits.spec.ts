import type { Page, Route } from '@playwright/test';
import { editorText } from './support/editor-text.js';
import { type Account, expect, openLoggedIn, test } from './support/fixtures.js';
import { editor, goToEndOfLine, notesNav, saveStatus } from './support/notes-page.js';

/** Slows every save of the page down, so that saves from two windows overlap. */
/** The note's text once the server and every window show the same; undefined until then. */
async function agreedText(account: Account, noteId: string, windows: Page[]) {
  const stored = (await account.api.note(noteId))?.body;
  const shown = await Promise.all(windows.map((window) => editorText(editor(window))));
  return shown.every((text) => text === stored) ? stored : undefined;
}

async function slowSaves(page: Page, ms: number): Promise<void> {
  await page.route('**/api/notes', async (route: Route) => {
    if (route.request().method() === 'PUT') await new Promise((done) => setTimeout(done, ms));
    await route.fallback();
  });
}

test.describe('Edits of one note from several devices', () => {
  test('two windows typing in different paragraphs both keep their words (path a)', async ({
    page,
    browser,
    server,
    account,
  }) => {
    const note = await account.api.createNote('Alpha paragraph\n\nBeta paragraph');
    const otherContext = await browser.newContext({ baseURL: server.url });
    const other = await otherContext.newPage();
    await openLoggedIn(page, account);
    await openLoggedIn(other, account);
    await slowSaves(page, 300);
    await slowSaves(other, 300);
    for (const window of [page, other]) {
      await notesNav(window)
        .getByRole('link', { name: /Alpha paragraph/ })
        .click();
      await expect.poll(() => editorText(editor(window))).toBe('Alpha paragraph\n\nBeta paragraph');
    }
    await goToEndOfLine(page, 0);
    await goToEndOfLine(other, 2);
    await Promise.all([
      editor(page).pressSequentially(' typed in the first window', { delay: 20 }),
      editor(other).pressSequentially(' typed in the second window', { delay: 20 }),
    ]);

    const both =
      'Alpha paragraph typed in the first window\n\nBeta paragraph typed in the second window';
    await expect.poll(async () => (await account.api.note(note.id))?.body).toBe(both);
    await expect.poll(() => editorText(editor(page))).toBe(both);
    await expect.poll(() => editorText(editor(other))).toBe(both);
    await otherContext.close();
  });

  test('two windows typing at one spot for seconds keep each run whole, and their cursors', async ({
    page,
    browser,
    server,
    account,
  }) => {
    // Some hundred and fifty key presses in two windows, each save held on its way.
    test.slow();
    const note = await account.api.createNote('Start:');
    const otherContext = await browser.newContext({ baseURL: server.url });
    const other = await otherContext.newPage();
    await openLoggedIn(page, account);
    await openLoggedIn(other, account);
    // Saves take a while on their way, so the two windows' saves cross all the time.
    await slowSaves(page, 80);
    await slowSaves(other, 80);
    for (const window of [page, other]) {
      await notesNav(window).getByRole('link', { name: /Start/ }).click();
      await expect.poll(() => editorText(editor(window))).toBe('Start:');
      await goToEndOfLine(window, 0);
    }
    const first = ' alpha bravo charlie delta echo foxtrot golf hotel india juliett kilo lima mike';
    const second = ' one two three four five six seven eight nine ten eleven twelve thirteen';
    await Promise.all([
      editor(page).pressSequentially(first, { delay: 60 }),
      editor(other).pressSequentially(second, { delay: 60 }),
    ]);

    // Both windows and the server agree, and each writer's text is there in one piece.
    const agreed = () => agreedText(account, note.id, [page, other]);
    await expect.poll(agreed).toContain(first);
    expect(await agreed()).toContain(second);
    // Each cursor stayed after its own text: one more key lands there.
    await editor(page).press('!');
    await editor(other).press('?');
    await expect.poll(agreed).toContain(`${first}!`);
    expect(await agreed()).toContain(`${second}?`);
    // No text was set aside.
    const versions = await account.api.versions(note.id);
    expect(versions.map((version) => version.reason)).not.toContain('conflict');
    await otherContext.close();
  });

  test('a device back from offline adds its edits to a note changed meanwhile (path b)', async ({
    page,
    context,
    account,
  }) => {
    const note = await account.api.createNote('Line one\n\nLine two');
    await openLoggedIn(page, account);
    await notesNav(page)
      .getByRole('link', { name: /Line one/ })
      .click();
    await expect.poll(() => editorText(editor(page))).toBe('Line one\n\nLine two');

    await context.setOffline(true);
    await goToEndOfLine(page, 2);
    await editor(page).pressSequentially(', written offline');
    await expect(saveStatus(page, 'Offline — retrying')).toBeVisible();
    const stored = await account.api.note(note.id);
    await account.api.updateNote({ ...stored!, body: 'Line one, changed elsewhere\n\nLine two' });
    await context.setOffline(false);

    const both = 'Line one, changed elsewhere\n\nLine two, written offline';
    await expect.poll(async () => (await account.api.note(note.id))?.body).toBe(both);
    await expect.poll(() => editorText(editor(page))).toBe(both);
    await expect(saveStatus(page, 'Saved')).toBeVisible();
  });

  test('two devices offline at once each keep every word when they come back', async ({
    page,
    context,
    browser,
    server,
    account,
  }) => {
    const start = 'Groceries\n- bread\n\nSunday: a walk by the river.\n\nEnd';
    const note = await account.api.createNote(start);
    const otherContext = await browser.newContext({ baseURL: server.url });
    const other = await otherContext.newPage();
    for (const window of [page, other]) {
      await openLoggedIn(window, account);
      await notesNav(window)
        .getByRole('link', { name: /Groceries/ })
        .click();
      await expect.poll(() => editorText(editor(window))).toBe(start);
    }
    await context.setOffline(true);
    await otherContext.setOffline(true);

    // One adds to the list and clears the Sunday paragraph...
    await goToEndOfLine(page, 1);
    await editor(page).press('Enter');
    await editor(page).pressSequentially('milk'); // the list goes on by itself
    await goToEndOfLine(page, 4);
    await editor(page).press('Shift+Home');
    await editor(page).press('Backspace');
    await expect.poll(() => editorText(editor(page))).toBe('Groceries\n- bread\n- milk\n\n\n\nEnd');
    // ...while the other adds to the same list and types inside that paragraph.
    await goToEndOfLine(other, 1);
    await editor(other).press('Enter');
    await editor(other).pressSequentially('eggs');
    await goToEndOfLine(other, 4);
    await editor(other).pressSequentially(' Bring a coat.');
    for (const window of [page, other]) {
      await expect(saveStatus(window, 'Offline — retrying')).toBeVisible();
    }

    await context.setOffline(false);
    await otherContext.setOffline(false);
    const agreed = () => agreedText(account, note.id, [page, other]);
    await expect.poll(agreed).toContain('- milk');
    const merged = (await agreed()) ?? '';
    expect(merged).toContain('- eggs');
    expect(merged).toMatch(/\n *Bring a coat\.\n/); // where the paragraph was, on its own line
    expect(merged).not.toContain('a walk by the river');
    expect(merged).toMatch(/^Groceries\n- bread\n- (milk|eggs)\n- (milk|eggs)\n/);
    expect(merged.endsWith('End')).toBe(true);
    const versions = await account.api.versions(note.id);
    expect(versions.map((version) => version.reason)).not.toContain('conflict');
    await otherContext.close();
  });

  test('two devices offline at once, each editing all over one note, keep every word', async ({
    page,
    context,
    browser,
    server,
    account,
  }) => {
    // Some two hundred key presses in two windows.
    test.slow();
    const lines = ['Plan', ...Array.from({ length: 24 }, (_, i) => `Line ${i + 1} of the plan`)];
    const start = lines.join('\n');
    const note = await account.api.createNote(start);
    const otherContext = await browser.newContext({ baseURL: server.url });
    const other = await otherContext.newPage();
    for (const window of [page, other]) {
      await openLoggedIn(window, account);
      await notesNav(window).getByRole('link', { name: /Plan/ }).click();
      await expect.poll(() => editorText(editor(window))).toBe(start);
    }
    await context.setOffline(true);
    await otherContext.setOffline(true);

    // Each adds a word to every other line, and clears lines the other one adds to.
    const typed: string[] = [];
    for (const [window, side, firstLine, clear] of [
      [page, 'a', 1, [8, 18]],
      [other, 'b', 2, [13]],
    ] as const) {
      await goToEndOfLine(window, firstLine);
      for (let line = firstLine; line < lines.length; line += 2) {
        if (line > firstLine) {
          // Two lines down, to the end of that one: no line wraps at this width.
          await window.keyboard.press('ArrowDown');
          await window.keyboard.press('ArrowDown');
          await window.keyboard.press('End');
        }
        await window.keyboard.type(` ${side}${line}x`);
        typed.push(` ${side}${line}x`);
      }
      for (const line of clear) {
        await goToEndOfLine(window, line);
        await window.keyboard.press('Shift+Home');
        await window.keyboard.press('Backspace');
      }
      await expect(saveStatus(window, 'Offline — retrying')).toBeVisible();
    }

    await context.setOffline(false);
    await otherContext.setOffline(false);
    const agreed = () => agreedText(account, note.id, [page, other]);
    await expect
      .poll(async () => {
        const text = (await agreed()) ?? '';
        return text.includes(' a1x') && text.includes(' b2x');
      })
      .toBe(true);
    const merged = (await agreed()) ?? '';
    for (const word of typed) {
      // Typed in a line the other device cleared, a word stays; anywhere else, with its line.
      expect(merged).toContain(word);
    }
    for (const line of [8, 13, 18]) expect(merged).not.toContain(`Line ${line} of the plan`);
    for (const line of [2, 3, 24]) expect(merged).toContain(`Line ${line} of the plan`);
    expect(merged.split('\n')).toHaveLength(lines.length);
    const versions = await account.api.versions(note.id);
    expect(versions.map((version) => version.reason)).not.toContain('conflict');
    await otherContext.close();
  });

  test('a remote edit that brings back a text sent before is shown (path g)', async ({
    page,
    account,
  }) => {
    const note = await account.api.createNote('ab');
    await openLoggedIn(page, account);
    await notesNav(page).getByRole('link', { name: 'ab' }).click();
    await editor(page).press('ControlOrMeta+End');
    for (const [key, text] of [
      ['c', 'abc'],
      ['d', 'abcd'],
    ] as const) {
      await editor(page).press(key);
      await expect.poll(async () => (await account.api.note(note.id))?.body).toBe(text);
      await expect(saveStatus(page, 'Saved')).toBeVisible();
    }
    // The other device removes the character just typed: the same text this window sent before.
    const stored = await account.api.note(note.id);
    await account.api.updateNote({ ...stored!, body: 'abc' });
    await expect.poll(() => editorText(editor(page))).toBe('abc');
    await expect(notesNav(page).getByRole('link').first()).toHaveText('abc');
  });
});
