import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { ApiClient, signUp } from './support/api.js';
import { editorText } from './support/editor-text.js';
import { PASSWORD, storeToken, uniqueEmail } from './support/fixtures.js';
import { editor, goToEndOfLine, notesNav } from './support/notes-page.js';
import {
  makeDataDir,
  type QuireServer,
  removeDataDir,
  startQuireServer,
} from './support/quire-server.js';

// Two instances of Quire over one PostgreSQL database, as behind a load balancer: one window on
// each. Runs where the suite has a PostgreSQL server (TEST_DATABASE_URL).
const serverUrl = process.env.TEST_DATABASE_URL;
test.skip(!serverUrl, 'needs TEST_DATABASE_URL');

const instances: QuireServer[] = [];
let databaseUrl = '';
let dataDir = '';

async function admin(statement: string): Promise<void> {
  const client = new pg.Client(serverUrl);
  await client.connect();
  await client.query(statement).finally(() => client.end());
}

const database = `quire_e2e_${randomBytes(4).toString('hex')}`;
test.beforeAll(async () => {
  await admin(`create database ${database}`);
  const url = new URL(serverUrl as string);
  url.pathname = `/${database}`;
  databaseUrl = url.href;
  dataDir = await makeDataDir();
  // The first migrates the database; the second then finds it current.
  instances.push(await startQuireServer({ dataDir, databaseUrl }));
  instances.push(await startQuireServer({ dataDir, databaseUrl }));
});

test.afterAll(async () => {
  for (const instance of instances.splice(0)) await instance.stop();
  await removeDataDir(dataDir);
  await admin(`drop database if exists ${database} with (force)`);
});

test('two windows on two instances type at one spot, and each run stays whole', async ({
  browser,
}) => {
  // Two windows type for seconds, each to its own instance, beside two servers of their own.
  test.slow();
  const [one, two] = instances as [QuireServer, QuireServer];
  const email = uniqueEmail();
  const api = new ApiClient(one.url, await signUp(one.url, email, PASSWORD));
  const note = await api.createNote('Start:');
  const windows = [];
  for (const instance of [one, two]) {
    const context = await browser.newContext({ baseURL: instance.url });
    const page = await context.newPage();
    const login = await fetch(new URL('/api/login', instance.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: email, password: PASSWORD }),
    });
    await storeToken(page, await login.text());
    await page.goto('/');
    await notesNav(page).getByRole('link', { name: /Start/ }).click();
    await expect.poll(() => editorText(editor(page))).toBe('Start:');
    await goToEndOfLine(page, 0);
    windows.push(page);
  }
  const [first, second] = windows as [(typeof windows)[0], (typeof windows)[0]];
  const runs = [
    ' alpha bravo charlie delta echo foxtrot golf hotel india juliett',
    ' one two three four five six seven eight nine ten eleven',
  ];
  await Promise.all([
    editor(first).pressSequentially(runs[0] as string, { delay: 60 }),
    editor(second).pressSequentially(runs[1] as string, { delay: 60 }),
  ]);

  // Both windows and both instances agree, and each writer's text is there in one piece.
  const other = new ApiClient(two.url, api.token);
  const agreed = async () => {
    const stored = [(await api.note(note.id))?.body, (await other.note(note.id))?.body];
    const shown = [await editorText(editor(first)), await editorText(editor(second))];
    return [...stored, ...shown].every((text) => text === stored[0]) ? stored[0] : undefined;
  };
  await expect.poll(agreed).toContain(runs[0]);
  expect(await agreed()).toContain(runs[1]);
  const versions = await api.versions(note.id);
  expect(versions.map((version) => version.reason)).not.toContain('conflict');
  for (const page of windows) await page.context().close();
});
