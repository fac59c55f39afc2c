import type { Locator, Page } from '@playwright/test';
import { createAccount, expect, logInToken, openLoggedIn, test } from './support/fixtures.js';
import { editor, notesNav } from './support/notes-page.js';
import { cachedNoteCount, serviceWorkerActive } from './support/offline-page.js';
import { testWithOwnServer } from './support/own-server.js';

// A phone at 390 px with a touch screen: every control is a comfortable target, the offline
// state shows wherever the person is, and a note made by mistake does not stay.

test.use({ hasTouch: true });

const MIN_TARGET = 44;

/** The box a finger can hit: at least 44 × 44 px. */
async function expectTapTarget(target: Locator): Promise<void> {
  const box = await target.boundingBox();
  const name = await target.evaluate((element) => element.outerHTML.slice(0, 120));
  expect(box, `${name} shown`).not.toBeNull();
  expect(box!.width, `width of ${name}`).toBeGreaterThanOrEqual(MIN_TARGET);
  expect(box!.height, `height of ${name}`).toBeGreaterThanOrEqual(MIN_TARGET);
}

/** Every shown target in `scope` (buttons, by default) is at least 44 × 44 px. */
async function expectAllTapTargets(scope: Locator, selector = 'button'): Promise<void> {
  const targets = scope.locator(selector).filter({ visible: true });
  expect(await targets.count()).toBeGreaterThan(0);
  for (const target of await targets.all()) await expectTapTarget(target);
}

/** Whether what is at each corner of the target's box (3 px in) is the target: nothing covers it. */
function coversItsBox(target: Locator): Promise<boolean> {
  return target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const root = element.getRootNode() as Document | ShadowRoot;
    const corners = [
      [box.left + 3, box.top + 3],
      [box.right - 3, box.top + 3],
      [box.left + 3, box.bottom - 3],
      [box.right - 3, box.bottom - 3],
    ] as const;
    return corners.every(([x, y]) => {
      const hit = root.elementFromPoint(x, y);
      return hit !== null && element.contains(hit);
    });
  });
}

/** Taps 3 px inside a corner of the target's box: the edge of it still counts. */
async function tapCorner(page: Page, target: Locator): Promise<void> {
  const box = (await target.boundingBox())!;
  await page.touchscreen.tap(box.x + 3, box.y + 3);
}

test('a task box, a #tag and the toolbar are 44 px targets, and a tap at their edge works', async ({
  page,
  account,
}) => {
  await account.api.createNote('Shopping #errands\n- [ ] Apples\n- [x] Pears');
  await openLoggedIn(page, account);
  await notesNav(page)
    .getByRole('link', { name: /^Shopping/ })
    .tap();
  await expect(editor(page)).toBeVisible();
  await expectAllTapTargets(page.getByRole('main').locator('header'));

  const apples = editor(page).getByRole('checkbox', { name: 'Apples, not done' });
  const applesTarget = apples.locator('xpath=..');
  await expectTapTarget(applesTarget);
  expect(await coversItsBox(applesTarget)).toBe(true);
  await tapCorner(page, applesTarget);
  await expect(editor(page).getByRole('checkbox', { name: 'Apples, done' })).toBeChecked();

  const tag = editor(page).locator('.cm-tag', { hasText: '#errands' });
  await expectTapTarget(tag);
  expect(await coversItsBox(tag)).toBe(true);
});

test('in the preview a task box is a 44 px target', async ({ page, account }) => {
  await account.api.createNote('Packing\n- [ ] passport');
  await openLoggedIn(page, account);
  await notesNav(page)
    .getByRole('link', { name: /^Packing/ })
    .tap();
  await page.getByRole('button', { name: 'Preview' }).tap();
  const preview = page.getByRole('article', { name: 'Preview' });
  const box = preview.getByRole('checkbox', { name: 'passport' });
  const target = box.locator('xpath=..');
  await expectTapTarget(target);
  expect(await coversItsBox(target)).toBe(true);
  await tapCorner(page, target);
  await expect(box).toBeChecked();
  await expect
    .poll(async () => (await account.api.listNotes())[0]?.body)
    .toBe('Packing\n- [x] passport');
});

test('menu rows, tags and Account buttons are 44 px targets', async ({ page, account }) => {
  await account.api.createNote('Errands #home #work');
  await logInToken(account);
  await openLoggedIn(page, account);
  await page.getByRole('button', { name: 'Menu', exact: true }).tap();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu.getByRole('button', { name: /#home/ })).toBeVisible();
  await expectAllTapTargets(menu);

  await menu.getByRole('button', { name: 'Account' }).tap();
  const sessions = page.getByRole('region', { name: 'Sessions' });
  await expect(sessions.getByRole('button', { name: /^End session/ })).toHaveCount(2);
  await expectAllTapTargets(page.locator('.account-screen'));
});

test('a note made with New and left empty is not kept', async ({ page, account }) => {
  await account.api.createNote('Already here');
  await openLoggedIn(page, account);
  await page.getByRole('button', { name: 'New', exact: true }).tap();
  await expect(editor(page)).toBeFocused();
  await page.getByRole('button', { name: 'Back' }).tap();
  await expect(notesNav(page).getByRole('link')).toHaveText(['Already here']);
  await expect.poll(async () => (await account.api.listNotes()).length).toBe(1);
  // Deleted first, then emptied from the trash once it is seen to hold nothing.
  await expect.poll(() => account.api.trash()).toEqual([]);

  // One with words in it stays.
  await page.getByRole('button', { name: 'New', exact: true }).tap();
  await page.keyboard.type('Call the plumber');
  await page.getByRole('button', { name: 'Back' }).tap();
  await expect(notesNav(page).getByRole('link')).toHaveText(['Call the plumber', 'Already here']);
});

test('a note made with New before the list arrives, and left empty, is not kept', async ({
  page,
  account,
}) => {
  await account.api.createNote('Already here');
  // The list answers once New's create is on its way; the create, once the list is taken in
  // (the changes since it are asked for only then).
  let createSent: () => void = () => {};
  const createOnItsWay = new Promise<void>((resolve) => {
    createSent = resolve;
  });
  let listTakenIn: () => void = () => {};
  const changesAsked = new Promise<void>((resolve) => {
    listTakenIn = resolve;
  });
  await page.route(/\/api\/notes(\?since=.*)?$/, async (route) => {
    const { method, url } = { method: route.request().method(), url: route.request().url() };
    if (method === 'POST') {
      createSent();
      await changesAsked;
    } else if (url.includes('?since=')) listTakenIn();
    else if (method === 'GET') await createOnItsWay;
    await route.continue();
  });
  const created = page.waitForResponse(
    (response) => response.request().method() === 'POST' && /\/api\/notes$/.test(response.url()),
  );
  await openLoggedIn(page, account);
  await page.getByRole('button', { name: 'New', exact: true }).tap();
  await expect(editor(page)).toBeFocused();
  await created;
  await page.getByRole('button', { name: 'Back' }).tap();
  await expect(notesNav(page).getByRole('link')).toHaveText(['Already here']);
  await expect.poll(async () => (await account.api.listNotes()).length).toBe(1);
});

/** Whether an element's text is cut (an ellipsis, or hidden overflow). */
const isCut = (element: Locator) =>
  element.evaluate((each) => each.scrollWidth > each.clientWidth + 1);

testWithOwnServer.use({ hasTouch: true });

testWithOwnServer(
  'offline and the changes waiting show in the note and in the list, never cut',
  async ({ page, context, server }) => {
    const account = await createAccount(server.url);
    await account.api.createNote('Reading list\nPiranesi');
    await openLoggedIn(page, account);
    await serviceWorkerActive(page);
    await expect.poll(() => cachedNoteCount(page)).toBe(1);

    await server.stop();
    await context.setOffline(true);
    await page.reload();
    await notesNav(page)
      .getByRole('link', { name: /^Reading list/ })
      .tap();
    await editor(page).press('ControlOrMeta+End');
    await editor(page).pressSequentially('\nThe Dispossessed');

    const waiting = page.getByRole('status').filter({ hasText: /^Offline — / });
    await expect(waiting).toHaveText('Offline — 1 change waiting');
    await expect(waiting).toBeInViewport();
    expect(await isCut(waiting)).toBe(false);
    const saveStatus = page.locator('.save-status');
    if (await saveStatus.filter({ hasText: /\S/ }).count())
      expect(await isCut(saveStatus)).toBe(false);

    await page.getByRole('button', { name: 'Back' }).tap();
    await expect(waiting).toHaveText('Offline — 1 change waiting');
    await expect(waiting).toBeInViewport();
    expect(await isCut(waiting)).toBe(false);
  },
);
