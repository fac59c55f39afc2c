import type { Page } from '@playwright/test';
import { openAccount } from './support/account-page.js';
import {
  copyPictureToClipboard,
  dropFileOnEditor,
  PDF_BYTES,
  PNG_BYTES,
  uploadFile,
} from './support/attachment-files.js';
import { editorText } from './support/editor-text.js';
import {
  createAccount,
  expect,
  logInToken,
  openLoggedIn,
  storeToken,
  test,
} from './support/fixtures.js';
import { editor, notesNav, saveStatus } from './support/notes-page.js';
import { serviceWorkerActive } from './support/offline-page.js';
import { removeDataDir, startQuireServer } from './support/quire-server.js';

const preview = (page: Page) => page.getByRole('article', { name: 'Preview' });

/** Whether an <img> has loaded a real picture (not a broken-image icon). */
const loaded = (image: ReturnType<Page['locator']>) =>
  image.evaluate((element) => (element as HTMLImageElement).naturalWidth);

async function openNote(page: Page, body: string, account: Parameters<typeof openLoggedIn>[1]) {
  await account.api.createNote(body);
  await openLoggedIn(page, account);
  await notesNav(page).getByRole('link').first().click();
  // CodeMirror itself, not the plain text box that stands in while its chunk loads: pictures
  // are pasted and dropped into CodeMirror.
  await expect(page.locator('.markdown-editor .cm-content')).toBeFocused();
}

test.describe('Attachments', () => {
  test('a pasted picture uploads, shows in the editor and the preview, and stays after a reload', async ({
    page,
    account,
  }) => {
    await openNote(page, 'Meeting notes', account);
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.press('Enter');
    await copyPictureToClipboard(page);
    await page.keyboard.press('ControlOrMeta+v');
    await expect
      .poll(() => editorText(editor(page)))
      .toMatch(/^Meeting notes\n!\[image\.png\]\(\/api\/attachments\/[A-Za-z0-9_-]{22}\)$/);
    const inEditor = editor(page).locator('.cm-attachment img');
    await expect(inEditor).toBeVisible();
    await expect.poll(() => loaded(inEditor)).toBe(320);
    // Scaled to the column, never wider than it.
    const column = await editor(page).boundingBox();
    const picture = await inEditor.boundingBox();
    expect(picture?.width).toBeLessThanOrEqual(column?.width ?? 0);
    await page.keyboard.type(' and more');
    await expect(saveStatus(page, 'Saved')).toBeVisible();

    await page.getByRole('button', { name: 'Preview' }).click();
    const inPreview = preview(page).getByRole('img', { name: 'image.png' });
    await expect.poll(() => loaded(inPreview)).toBe(320);

    await page.reload();
    await notesNav(page).getByRole('link').first().click();
    await expect.poll(() => loaded(editor(page).locator('.cm-attachment img'))).toBe(320);
  });

  test('the cursor sits after a pasted picture, and typing during its upload goes after it too', async ({
    page,
    account,
  }) => {
    await openNote(page, 'Trip', account);
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('View: ');
    await copyPictureToClipboard(page);
    await page.keyboard.press('ControlOrMeta+v');
    const picture = String.raw`!\[image\.png\]\(\/api\/attachments\/[A-Za-z0-9_-]{22}\)`;
    await expect
      .poll(() => editorText(editor(page)))
      .toMatch(new RegExp(`^Trip\nView: ${picture}$`));
    await page.keyboard.type('X');
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Next line');
    await expect
      .poll(() => editorText(editor(page)))
      .toMatch(new RegExp(`^Trip\nView: ${picture}X\nNext line$`));

    // An upload held on its way: the words typed meanwhile come after the picture.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/attachments?*', async (route) => {
      await held;
      await route.fallback();
    });
    await page.keyboard.press('Enter');
    await page.keyboard.press('ControlOrMeta+v');
    await expect(editor(page).getByRole('status')).toContainText('Uploading image.png');
    await page.keyboard.type(' typed while it uploads');
    release();
    await expect
      .poll(() => editorText(editor(page)))
      .toMatch(new RegExp(`\nNext line\n${picture} typed while it uploads$`));
  });

  test('a picture still uploading when another note opens goes into the note it was pasted in', async ({
    page,
    account,
  }) => {
    const trip = await account.api.createNote('Trip');
    await account.api.createNote('Groceries');
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/attachments?*', async (route) => {
      await held;
      await route.fallback();
    });
    await openLoggedIn(page, account);
    await notesNav(page).getByRole('link', { name: 'Trip' }).click();
    await expect(editor(page)).toBeFocused();
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.type(' photos: ');
    await copyPictureToClipboard(page);
    await page.keyboard.press('ControlOrMeta+v');
    await expect(editor(page).getByRole('status').filter({ hasText: 'Uploading' })).toBeVisible();
    // Another note opens, and is typed in, while the picture is on its way.
    await notesNav(page).getByRole('link', { name: 'Groceries' }).click();
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.type(' and milk');
    release();
    await expect
      .poll(async () => (await account.api.note(trip.id))?.body)
      .toMatch(/^Trip photos: !\[image\.png\]\(\/api\/attachments\/[\w-]{22}\)$/);
    await expect.poll(() => editorText(editor(page))).toBe('Groceries and milk');
    await notesNav(page).getByRole('link', { name: /^Trip/ }).click();
    await expect.poll(() => loaded(editor(page).locator('.cm-attachment img'))).toBe(320);
  });

  test('a dropped PDF becomes a link shown as a chip with its name, type and size', async ({
    page,
    account,
  }) => {
    await openNote(page, 'Minutes', account);
    await dropFileOnEditor(page, {
      name: 'minutes.pdf',
      type: 'application/pdf',
      bytes: PDF_BYTES,
    });
    await expect
      .poll(() => editorText(editor(page)))
      .toMatch(
        /^Minutes\[minutes\.pdf\]\(\/api\/attachments\/[A-Za-z0-9_-]{22} "PDF, \d+ bytes"\)$/,
      );
    const chip = editor(page).getByRole('link', { name: /minutes\.pdf/ });
    await expect(chip).toContainText(`PDF, ${PDF_BYTES.length} bytes`);
    const answer = await page.request.get((await chip.getAttribute('href')) ?? '');
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-disposition']).toMatch(/^attachment;/);

    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(preview(page).getByRole('link', { name: /minutes\.pdf/ })).toHaveClass(
      'note-preview__file',
    );
  });

  test('a picked file uploads at the cursor; a refused one can be cancelled', async ({
    page,
    account,
  }) => {
    await openNote(page, 'Picked', account);
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.type(' ');
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Attach' }).click();
    await (await chooser).setFiles({
      name: 'empty.txt',
      mimeType: 'text/plain',
      buffer: Buffer.alloc(0),
    });
    const failed = editor(page)
      .getByRole('status')
      .filter({ hasText: 'empty.txt: The file is empty' });
    await expect(failed).toBeVisible();
    await failed.getByRole('button', { name: 'Cancel' }).click();
    await expect(failed).toHaveCount(0);
    expect(await editorText(editor(page))).toBe('Picked ');
  });
});

test.describe('Where attachments are listed', () => {
  test("a note's Info lists its files with their sizes; Account shows the space used", async ({
    page,
    account,
  }) => {
    const picture = await uploadFile(account.api, PNG_BYTES, 'dot.png');
    const pdf = await uploadFile(account.api, PDF_BYTES, 'minutes.pdf');
    await account.api.createNote(
      `Files\n![dot.png](/api/attachments/${picture})\n[minutes.pdf](/api/attachments/${pdf} "PDF, ${PDF_BYTES.length} bytes")`,
    );
    await openNote(page, '', account);
    await notesNav(page).getByRole('link', { name: /Files/ }).click();
    await page.getByRole('button', { name: 'Info' }).focus();
    const info = page.getByRole('tooltip');
    await expect(info).toContainText('Attachments:');
    await expect(info).toContainText(`dot.png — PNG, ${PNG_BYTES.length} bytes`);
    await expect(info).toContainText(`minutes.pdf — PDF, ${PDF_BYTES.length} bytes`);

    await openAccount(page);
    const used = PNG_BYTES.length + PDF_BYTES.length;
    await expect(page.getByRole('region', { name: 'Attachments' })).toContainText(
      `${used} bytes of 1.0 GB used. A file may be up to 25.0 MB.`,
    );
    await expect(page.getByRole('meter', { name: 'Space used by attachments' })).toHaveAttribute(
      'value',
      String(used),
    );
  });
});

test.describe('Offline', () => {
  test('a picture pasted offline waits, then uploads when the connection is back', async ({
    page,
    context,
    account,
  }) => {
    await openNote(page, 'Offline paste', account);
    await page.keyboard.press('ControlOrMeta+End');
    await copyPictureToClipboard(page);
    await context.setOffline(true);
    await page.keyboard.press('ControlOrMeta+v');
    await expect(
      editor(page).getByRole('status').filter({ hasText: 'waiting for the connection' }),
    ).toBeVisible();
    await context.setOffline(false);
    await expect
      .poll(() => editorText(editor(page)))
      .toMatch(/^Offline paste!\[image\.png\]\(\/api\/attachments\/[\w-]{22}\)$/);
    await expect.poll(() => loaded(editor(page).locator('.cm-attachment img'))).toBe(320);
    const [note] = await account.api.listNotes();
    await expect
      .poll(async () => (await account.api.note(note?.id ?? ''))?.body)
      .toMatch(/^Offline paste!\[image\.png\]/);
  });

  test('a picture pasted offline survives a reload, and goes into its note once online', async ({
    page,
    context,
    account,
  }) => {
    const note = await account.api.createNote('Kept paste');
    await openLoggedIn(page, account);
    await serviceWorkerActive(page);
    await notesNav(page).getByRole('link').first().click();
    await expect(editor(page)).toBeFocused();
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.type(': ');
    await expect.poll(async () => (await account.api.note(note.id))?.body).toBe('Kept paste: ');
    await copyPictureToClipboard(page);
    await context.setOffline(true);
    await page.keyboard.press('ControlOrMeta+v');
    await expect(
      editor(page).getByRole('status').filter({ hasText: 'waiting for the connection' }),
    ).toBeVisible();

    await page.reload(); // still offline: the page and its notes come from the device
    await expect(notesNav(page).getByRole('link')).toHaveText(['Kept paste:']);
    await context.setOffline(false);
    await expect
      .poll(async () => (await account.api.note(note.id))?.body)
      .toMatch(/^Kept paste: !\[image\.png\]\(\/api\/attachments\/[\w-]{22}\)$/);
    await notesNav(page).getByRole('link').first().click();
    await expect.poll(() => loaded(editor(page).locator('.cm-attachment img'))).toBe(320);
  });

  test('a picture shown once is still there after a reload offline', async ({
    page,
    context,
    account,
  }) => {
    const id = await uploadFile(account.api, PNG_BYTES, 'dot.png');
    await account.api.createNote(`Dot\n![dot.png](/api/attachments/${id})`);
    await openLoggedIn(page, account);
    await serviceWorkerActive(page);
    await page.reload(); // now the worker serves the page and its pictures
    await notesNav(page).getByRole('link').first().click();
    await expect.poll(() => loaded(editor(page).locator('.cm-attachment img'))).toBe(1);

    await context.setOffline(true);
    await page.reload();
    await notesNav(page).getByRole('link').first().click();
    await expect.poll(() => loaded(editor(page).locator('.cm-attachment img'))).toBe(1);
    await context.setOffline(false);
  });

  test('after Log out, a picture shown before is no longer read from the browser', async ({
    page,
    account,
  }) => {
    const id = await uploadFile(account.api, PNG_BYTES, 'private.png');
    await account.api.createNote(`Private\n![private.png](/api/attachments/${id})`);
    await openLoggedIn(page, account);
    await notesNav(page).getByRole('link').first().click();
    await expect.poll(() => loaded(editor(page).locator('.cm-attachment img'))).toBe(1);
    const read = () =>
      page.evaluate(async (path) => (await fetch(path)).status, `/api/attachments/${id}`);
    expect(await read()).toBe(200);

    const loggedOut = page.waitForResponse((response) => response.url().endsWith('/api/logout'));
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
    await loggedOut;
    await expect.poll(read).not.toBe(200);
  });
});

test.describe('With ATTACHMENTS=false', () => {
  test('pasting or dropping an image inserts nothing and sends nothing', async ({ page }) => {
    const server = await startQuireServer({ env: { ATTACHMENTS: 'false' } });
    try {
      const account = await createAccount(server.url);
      await account.api.createNote('Picture here:');
      await storeToken(page, await logInToken(account));
      await page.goto(server.url);
      await page.getByRole('link', { name: /Picture here/ }).click();
      await expect(editor(page)).toBeFocused();
      await expect(page.getByRole('button', { name: 'Attach' })).toHaveCount(0);

      const requests: string[] = [];
      // What could carry a file or a change: anything but a read.
      page.context().on('request', (request) => {
        if (request.method() !== 'GET') requests.push(request.url());
      });
      await copyPictureToClipboard(page);
      await page.keyboard.press('ControlOrMeta+v');
      const drop = () =>
        editor(page).evaluate((content) => {
          const data = new DataTransfer();
          const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
          data.items.add(new File([png], 'photo.png', { type: 'image/png' }));
          const box = content.getBoundingClientRect();
          const drop = new DragEvent('drop', {
            dataTransfer: data,
            cancelable: true,
            bubbles: true,
            clientX: box.left + 10,
            clientY: box.top + 10,
          });
          content.dispatchEvent(drop);
          return drop.defaultPrevented;
        });
      // The editor refuses the file (and keeps the browser from opening it) once it is ready.
      await expect.poll(drop).toBe(true);
      expect(await editorText(editor(page))).toBe('Picture here:');
      // One key typed after: its save is the first request, so the paste and drop sent nothing.
      const saved = page.waitForRequest((request) => request.method() === 'PUT');
      await page.keyboard.press('ControlOrMeta+End');
      await page.keyboard.press('!');
      const put = await saved;
      expect(JSON.parse(put.postData() ?? '{}').body).toBe('Picture here:!');
      expect(requests.filter((url) => url !== put.url())).toEqual([]);
    } finally {
      await server.stop();
      await removeDataDir(server.dataDir);
    }
  });
});
