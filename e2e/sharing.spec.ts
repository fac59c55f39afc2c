import type { Page } from '@playwright/test';
import { openAccount } from './support/account-page.js';
import { PNG_BYTES, uploadFile } from './support/attachment-files.js';
import { expect, openLoggedIn, test } from './support/fixtures.js';
import { editor, notesNav } from './support/notes-page.js';
import { abortOffsiteRequests } from './support/offsite-guard.js';
import { shareNote } from './support/share-links.js';

const shared = (page: Page) => page.locator('#share-note');

test('a reader with no account sees the note rendered, its picture, formula and diagram, and nothing from elsewhere', async ({
  browser,
  account,
  baseURL,
}) => {
  const picture = await uploadFile(account.api, PNG_BYTES, 'dot.png');
  const note = await account.api.createNote(
    [
      '# Field notes',
      'Seen at **dawn**, see [[Other note]].',
      `![a dot](/api/attachments/${picture})`,
      '$E=mc^2$',
      '```mermaid',
      'graph TD; A-->B',
      '```',
    ].join('\n'),
  );
  const { path } = await shareNote(account.api, note.id);
  // A fresh context: no account, no token, no cookie.
  const context = await browser.newContext({
    viewport: test.info().project.use.viewport ?? undefined,
  });
  const offsite = await abortOffsiteRequests(context);
  const reader = await context.newPage();
  const violations: string[] = [];
  reader.on('console', (message) => {
    if (/Content.Security.Policy/i.test(message.text())) violations.push(message.text());
  });
  await reader.goto(new URL(path, baseURL).href);
  await expect(shared(reader).getByRole('heading', { name: 'Field notes' })).toBeVisible();
  await expect(shared(reader).locator('strong')).toHaveText('dawn');
  // A link to a note outside the share is words, not a link.
  await expect(shared(reader).getByText('Other note')).toBeVisible();
  await expect(shared(reader).getByRole('link', { name: 'Other note' })).toHaveCount(0);
  const image = shared(reader).getByRole('img', { name: 'a dot' });
  await expect
    .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth))
    .toBe(1);
  await expect(shared(reader).locator('.katex-mathml annotation')).toHaveText('E=mc^2');
  const diagram = shared(reader).locator('.note-preview__diagram img');
  await expect(diagram).toHaveAttribute('src', /^data:image\/svg\+xml/);
  await expect(reader).toHaveTitle('# Field notes');
  expect(await reader.evaluate(() => window.localStorage.length)).toBe(0);
  expect(offsite).toEqual([]);
  expect(violations).toEqual([]);
  await reader.screenshot({ path: test.info().outputPath('share-page.png'), fullPage: true });
  await context.close();
});

test('an edit typed by the owner reaches an open share page live, and revoking the link ends it', async ({
  page,
  browser,
  account,
  baseURL,
}) => {
  const note = await account.api.createNote('Packing list\n');
  const { path, id } = await shareNote(account.api, note.id);
  const context = await browser.newContext({
    viewport: test.info().project.use.viewport ?? undefined,
  });
  const reader = await context.newPage();
  await reader.goto(new URL(path, baseURL).href);
  await expect(shared(reader)).toContainText('Packing list');

  await openLoggedIn(page, account);
  await notesNav(page)
    .getByRole('link', { name: /^Packing list/ })
    .click();
  await expect(editor(page)).toBeFocused();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type('- a warm hat');
  await expect(shared(reader).getByRole('listitem')).toHaveText('a warm hat');

  const revoked = await fetch(new URL(`/api/shares/${id}`, baseURL), {
    method: 'DELETE',
    headers: { token: account.api.token },
  });
  expect(revoked.status).toBe(204);
  // The open page is told, and shows what the link now answers.
  await expect(reader.getByRole('heading', { name: 'This link does not work' })).toBeVisible();
  await expect(shared(reader)).toHaveCount(0);
  await context.close();
});

test('a link behind a password opens once it is given', async ({ browser, account, baseURL }) => {
  const note = await account.api.createNote('Door code 4711');
  const { path } = await shareNote(account.api, note.id, { password: 'open sesame' });
  const context = await browser.newContext({
    viewport: test.info().project.use.viewport ?? undefined,
  });
  const reader = await context.newPage();
  await reader.goto(new URL(path, baseURL).href);
  await expect(reader.getByRole('heading', { name: 'This note is protected' })).toBeVisible();
  await expect(reader.getByText('Door code 4711')).toHaveCount(0);
  await reader.getByLabel('Password').click();
  await reader.keyboard.type('wrong guess');
  await reader.keyboard.press('Enter');
  await expect(reader.getByRole('alert')).toHaveText('The password is not right');
  await reader.getByLabel('Password').fill('');
  await reader.getByLabel('Password').click();
  await reader.keyboard.type('open sesame');
  await reader.keyboard.press('Enter');
  await expect(shared(reader)).toContainText('Door code 4711');
  await context.close();
});

test('what a hostile note carries stays inert on its share page', async ({
  browser,
  account,
  baseURL,
}) => {
  const note = await account.api.createNote(
    [
      'Hostile',
      '<img src=x onerror="document.title=\'pwned\'">',
      '<script>document.title = "pwned"</script>',
      '<a href="javascript:document.title=\'pwned\'">click</a>',
      '<svg><script>document.title="pwned"</script></svg>',
      '<iframe src="/api/notes"></iframe>',
    ].join('\n'),
  );
  const { path } = await shareNote(account.api, note.id);
  const context = await browser.newContext({
    viewport: test.info().project.use.viewport ?? undefined,
  });
  const reader = await context.newPage();
  await reader.goto(new URL(path, baseURL).href);
  await expect(shared(reader).locator('p').first()).toContainText('Hostile');
  await expect(shared(reader).locator('script, svg, iframe, [onerror]')).toHaveCount(0);
  await expect(shared(reader).locator('a[href^="javascript:"]')).toHaveCount(0);
  await shared(reader).getByText('click').click();
  await expect(reader).toHaveTitle('Hostile');
  await context.close();
});

test('the owner makes a link from the toolbar, sees it in Account, and revokes it there', async ({
  page,
  browser,
  account,
  baseURL,
}) => {
  await account.api.createNote('Recipe for soup\nOnions first.');
  await openLoggedIn(page, account);
  await notesNav(page)
    .getByRole('link', { name: /^Recipe for soup/ })
    .click();
  await page.getByRole('button', { name: 'Share' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share' });
  await dialog.getByRole('button', { name: 'Make link' }).click();
  const made = dialog.getByLabel('Your new link (shown this once)');
  await expect(made).toHaveValue(/\/s\/[A-Za-z0-9_-]{43}$/);
  const url = await made.inputValue();
  await expect(dialog.getByRole('list', { name: 'Links to this note' })).toContainText(
    'hidden from search engines',
  );
  await page.screenshot({ path: test.info().outputPath('share-dialog.png') });
  await page.keyboard.press('Escape');

  const context = await browser.newContext({
    viewport: test.info().project.use.viewport ?? undefined,
  });
  const reader = await context.newPage();
  await reader.goto(url);
  await expect(shared(reader)).toContainText('Onions first.');

  // On a phone the note fills the screen: back to the list, where the menu is.
  if ((test.info().project.use.viewport?.width ?? 1280) <= 680) {
    await page.getByRole('button', { name: 'Back', exact: true }).click();
  }
  await openAccount(page);
  const links = page.getByRole('list', { name: 'Your shared links' });
  await expect(links).toContainText('Recipe for soup');
  await expect(links).toContainText('1 view');
  await page.screenshot({ path: test.info().outputPath('shared-links.png'), fullPage: true });
  await page.getByRole('button', { name: 'Revoke all links' }).click();
  await expect(links).toHaveCount(0);
  expect(new URL(url).origin).toBe(new URL(baseURL as string).origin);
  await expect(reader.getByRole('heading', { name: 'This link does not work' })).toBeVisible();
  await context.close();
});

test('a tag shared from the list opens as its notes; a link between them opens within the share, others are words, and an edit arrives live', async ({
  page,
  browser,
  account,
}) => {
  await account.api.createNote('Private diary\nnot for anyone');
  const glossary = await account.api.createNote('Glossary\n#handbook Terms we use.');
  await account.api.createNote(
    'Welcome\n#handbook/start Read the [[Glossary]], not the [[Private diary]].',
  );
  await openLoggedIn(page, account);
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await page
    .getByRole('region', { name: 'Tags' })
    .getByRole('button', { name: '#handbook 2 notes' })
    .click();
  await page.screenshot({ path: test.info().outputPath('share-tag-filter.png') });
  await page.getByRole('button', { name: 'Share #handbook' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share #handbook' });
  await expect(dialog.getByRole('checkbox', { name: /Include nested tags/ })).toBeChecked();
  await dialog.getByRole('button', { name: 'Make link' }).click();
  const made = dialog.getByLabel('Your new link (shown this once)');
  await expect(made).toHaveValue(/\/s\/[A-Za-z0-9_-]{43}$/);
  const url = await made.inputValue();
  await expect(dialog.getByRole('list', { name: 'Links to #handbook' })).toContainText(
    'nested tags too',
  );
  await page.screenshot({ path: test.info().outputPath('share-tag-dialog.png') });
  await page.keyboard.press('Escape');

  const context = await browser.newContext({
    viewport: test.info().project.use.viewport ?? undefined,
  });
  const reader = await context.newPage();
  await reader.goto(url);
  await expect(reader).toHaveTitle('#handbook');
  const notes = reader.getByRole('list').getByRole('link');
  await expect(notes).toHaveText([/^Welcome/, /^Glossary/]);
  await expect(reader.getByText('not for anyone')).toHaveCount(0);
  await reader.screenshot({ path: test.info().outputPath('share-tag-list.png'), fullPage: true });
  await reader.emulateMedia({ colorScheme: 'dark' });
  await reader.screenshot({
    path: test.info().outputPath('share-tag-list-dark.png'),
    fullPage: true,
  });

  await notes.filter({ hasText: 'Welcome' }).click();
  await expect(shared(reader)).toContainText('Read the Glossary');
  // The note outside the share is words; the shared one opens within the share.
  await expect(shared(reader).getByText('Private diary')).toBeVisible();
  await expect(shared(reader).getByRole('link', { name: 'Private diary' })).toHaveCount(0);
  await reader.screenshot({
    path: test.info().outputPath('share-tag-note-dark.png'),
    fullPage: true,
  });
  await shared(reader).getByRole('link', { name: 'Glossary' }).click();
  await expect(reader).toHaveURL(`${url}/notes/${glossary.id}`);
  await expect(shared(reader)).toContainText('Terms we use.');

  // The owner types in the shared note; the open page follows without a reload.
  await notesNav(page)
    .getByRole('link', { name: /^Glossary/ })
    .click();
  await expect(editor(page)).toContainText('Terms we use.');
  await editor(page).press('ControlOrMeta+End');
  await editor(page).pressSequentially(' And a new one.');
  await expect(shared(reader)).toContainText('Terms we use. And a new one.');
  await reader.getByRole('link', { name: '#handbook' }).click();
  await expect(reader.getByRole('list').getByRole('link')).toHaveCount(2);
  await context.close();
});
