import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, openLoggedIn, test } from './support/fixtures.js';
import { holdSaves } from './support/notes-page.js';

// Pictures of the main states for a human to look at, in test-results/screenshots unless
// QUIRE_SCREENSHOT_DIR names another folder.
const folder = process.env.QUIRE_SCREENSHOT_DIR ?? join('test-results', 'screenshots');

const SAMPLE_NOTES = [
  'Reading list\nThe Left Hand of Darkness\nPiranesi\nA Psalm for the Wild-Built',
  '',
  'Weekly plan\n- Monday: dentist at 9\n- Wednesday: team lunch\n- Friday: ship the release',
  '# Recipe: lentil soup\n\n1 onion, 2 carrots, 200 g red lentils, cumin, lemon.',
  'Ideas for the garden\nRaised beds along the fence, herbs by the kitchen door.',
];

async function shoot(page: Page, name: string) {
  const project = test.info().project.name;
  await page.screenshot({ path: join(folder, `${project}-${name}.png`) });
}

test.describe('screenshots', () => {
  for (const scheme of ['light', 'dark'] as const) {
    test(`main states (${scheme})`, async ({ page, account }) => {
      // Reduced motion: the menu is in place at once, no transition to wait for.
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
      await page.goto('/');
      await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
      await shoot(page, `${scheme}-1-login`);
      await page.getByRole('button', { name: 'Submit' }).click();
      await page.getByLabel('Email address').fill(account.email);
      await page.getByLabel('Password').fill('wrong password');
      await page.getByRole('button', { name: 'Submit' }).click();
      await expect(page.getByRole('alert')).toHaveText('Wrong email or password');
      await shoot(page, `${scheme}-2-login-error`);

      await openLoggedIn(page, account);
      await expect(page.getByText('No notes yet')).toBeVisible();
      await shoot(page, `${scheme}-3-empty`);

      for (const body of SAMPLE_NOTES) await account.api.createNote(body);
      await page.reload();
      const nav = page.getByRole('navigation', { name: 'Notes' });
      await expect(nav.getByRole('link')).toHaveCount(SAMPLE_NOTES.length);
      await shoot(page, `${scheme}-4-list`);

      await nav.getByRole('link', { name: /Weekly plan/ }).click();
      await expect(page.getByRole('textbox', { name: 'Note text' })).toBeFocused();
      await shoot(page, `${scheme}-5-note-open`);
      await page.getByRole('button', { name: 'Info' }).focus();
      await expect(page.getByRole('tooltip')).toBeVisible();
      await shoot(page, `${scheme}-6-info`);
      await page.getByRole('textbox', { name: 'Note text' }).press('End');
      await page.keyboard.type('!');
      await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
      await shoot(page, `${scheme}-7-saved`);
      // The browser's own caret and selection, in the theme's colours.
      await page.keyboard.press('Shift+Home');
      await shoot(page, `${scheme}-7-selection`);

      if (test.info().project.name === 'narrow') {
        await page.getByRole('button', { name: 'Back' }).click();
      }
      await page.getByRole('button', { name: 'Menu', exact: true }).click();
      await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
      await shoot(page, `${scheme}-8-menu`);

      // The trash, with the note deleted from another device in it.
      const deleted = await account.api.createNote('Old shopping list\nmilk, eggs, bread');
      await account.api.deleteNote(deleted.id);
      await page.getByRole('button', { name: 'Trash' }).click();
      const trash = page.getByRole('dialog', { name: 'Trash' });
      await expect(trash.getByText('Old shopping list')).toBeVisible();
      await shoot(page, `${scheme}-9-trash`);
      await page.keyboard.press('Escape');

      // History with a text set aside (a device saved from a revision the server never gave
      // out), then a merge of two devices' words in one line.
      const draft = await account.api.createNote('Meeting notes\nAgenda: budget and hiring');
      await account.api.updateNote({
        ...draft,
        body: 'Meeting notes\nAgenda: budget, hiring, office move',
      });
      await account.api.updateNote({
        ...draft,
        body: 'Meeting notes\nAgenda: the budget only',
        revision: 99,
      });
      await nav.getByRole('link', { name: /Meeting notes/ }).click();
      await page.getByRole('button', { name: 'History' }).click();
      const history = page.getByRole('dialog', { name: 'History' });
      await expect(history.getByRole('deletion').first()).toBeVisible();
      await shoot(page, `${scheme}-10-history`);
      await page.keyboard.press('Escape');

      const note = (await account.api.listNotes()).find((n) => n.id === draft.id)!;
      const release = await holdSaves(page);
      await page.getByRole('textbox', { name: 'Note text' }).press('ControlOrMeta+End');
      await page.keyboard.press('Shift+Home');
      await page.keyboard.type('Agenda: hiring first');
      await account.api.updateNote({ ...note, body: 'Meeting notes\nAgenda: nothing yet' });
      release();
      const editorBox = page.getByRole('textbox', { name: 'Note text' });
      await expect(editorBox).toContainText('hiring first');
      await expect(editorBox).toContainText('nothing yet');
      await shoot(page, `${scheme}-11-merged`);
      await page.unrouteAll();
    });
  }
});
