import type { Page } from '@playwright/test';

/** The parts of the notes screen the tests talk to, by role and name as a user finds them. */
export const notesNav = (page: Page) => page.getByRole('navigation', { name: 'Notes' });
export const editor = (page: Page) => page.getByRole('textbox', { name: 'Note text' });
export const saveStatus = (page: Page, text: string) =>
  page.getByRole('status').filter({ hasText: text });

/** Puts the cursor at the end of a line of the open note, by keyboard. */
export async function goToEndOfLine(page: Page, line: number): Promise<void> {
  await editor(page).press('ControlOrMeta+Home');
  for (let i = 0; i < line; i += 1) await editor(page).press('ArrowDown');
  await editor(page).press('End');
}

/** The session token the page is using, as another party would revoke it. */
export function pageToken(page: Page): Promise<string> {
  return page.evaluate(() => window.localStorage.getItem('token') ?? '');
}

/** Holds the page's saves back until the returned function is called. */
export async function holdSaves(page: Page): Promise<() => void> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/notes', async (route) => {
    if (route.request().method() === 'PUT') await held;
    await route.fallback();
  });
  return release;
}
