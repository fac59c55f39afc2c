import type { Page } from '@playwright/test';
import { expect, openLoggedIn, test } from './support/fixtures.js';
import { abortOffsiteRequests } from './support/offsite-guard.js';

const HOSTILE = `Hostile note

| Fruit | Count |
| ----- | ----- |
| Apple | 3 |

- [x] done task
- [ ] open task

\`\`\`
const x = 1;
\`\`\`

[a safe link](https://example.org/page) and [a bad link](javascript:window.pwned=1)

<script>window.pwned = 2</script>

<img src="nothing.png" onerror="window.pwned = 3">

<a href="#" onclick="window.pwned = 4">click me</a>

![a remote cat](https://images.example.com/cat.png)

<iframe src="https://example.com"></iframe>

<div style="background:url(https://example.com/bg.png)">styled</div>
`;

const preview = (page: Page) => page.getByRole('article', { name: 'Preview' });

test.describe('Preview', () => {
  test('highlights, footnotes both ways and links to a heading of the note, typed by keys', async ({
    page,
    account,
  }, testInfo) => {
    const filler = Array.from({ length: 40 }, (_, i) => `Line ${i + 1}`).join('\n');
    await account.api.createNote(
      `Trip\n${filler}\n## Packing list\n- [ ] shoes\n  - [x] walking\n  - [ ] sandals\n- [x] passport`,
    );
    await openLoggedIn(page, account);
    await page.getByRole('navigation', { name: 'Notes' }).getByRole('link').first().click();
    await expect(page.locator('.markdown-editor .cm-content')).toBeFocused();
    await page.keyboard.press('ControlOrMeta+Home');
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Take ==only one bag==, see [[#Packing list|the list]].[^1]');
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.type('[^1]: Airlines weigh it.');

    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(preview(page).locator('mark')).toHaveText('only one bag');
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await page.screenshot({ path: testInfo.outputPath(`preview-mark-${colorScheme}.png`) });
    }
    const address = page.url();
    await preview(page).getByRole('link', { name: 'the list' }).click();
    await expect(preview(page).getByRole('heading', { name: 'Packing list' })).toBeInViewport();
    await expect(preview(page).getByRole('heading', { name: 'Packing list' })).toBeFocused();
    expect(page.url()).toBe(address);
    expect(page.context().pages()).toHaveLength(1);

    await page.keyboard.press('ControlOrMeta+Home');
    await preview(page).getByRole('link', { name: '1', exact: true }).click();
    const footnote = preview(page).getByRole('listitem').filter({ hasText: 'Airlines weigh it.' });
    await expect(footnote).toBeInViewport();
    await footnote.getByRole('link', { name: 'Back to reference 1' }).click();
    await expect(preview(page).getByRole('link', { name: '1', exact: true })).toBeInViewport();
    expect(page.url()).toBe(address);
  });

  test('renders GitHub-flavoured Markdown and runs or fetches nothing hostile', async ({
    page,
    context,
    account,
  }) => {
    const offsite = await abortOffsiteRequests(context);
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await account.api.createNote(HOSTILE);
    await openLoggedIn(page, account);
    await page.getByRole('navigation', { name: 'Notes' }).getByRole('link').first().click();

    // The editor (a lazy chunk) is up before the preview hides it.
    await expect(page.locator('.markdown-editor .cm-content')).toBeVisible();
    const button = page.getByRole('button', { name: 'Preview' });
    await button.click();
    await expect(button).toHaveAttribute('aria-pressed', 'true');
    await expect(preview(page).getByRole('table')).toContainText('Apple');
    await expect(preview(page).getByRole('checkbox')).toHaveCount(2);
    await expect(preview(page).getByRole('checkbox').first()).toBeChecked();
    await expect(preview(page).locator('pre code')).toHaveText('const x = 1;\n');
    const safe = preview(page).getByRole('link', { name: 'a safe link' });
    await expect(safe).toHaveAttribute('target', '_blank');
    await expect(safe).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(preview(page)).toContainText('Image from another site not loaded: a remote cat');

    // Nothing hostile survived: no script, handler, javascript: URL, frame or inline style.
    const html = await preview(page).innerHTML();
    expect(html).not.toMatch(/<script|onerror|onclick|javascript:|<iframe|style=/i);
    await preview(page).getByText('a bad link').click();
    expect(await page.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined();
    expect(pageErrors).toEqual([]);
    expect(offsite).toEqual([]);

    // The editor is where it was, with the text unchanged.
    await page.keyboard.press('Alt+Shift+E');
    await expect(preview(page)).toBeHidden();
    await expect(page.getByRole('textbox', { name: 'Note text' })).toBeFocused();
  });
});
