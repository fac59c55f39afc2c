import { editorText } from './support/editor-text.js';
import { expect, openLoggedIn, test } from './support/fixtures.js';
import { editor, notesNav } from './support/notes-page.js';

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

test.describe('Writing', () => {
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
});
