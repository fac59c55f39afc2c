import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from '@playwright/test';
import { chromium as chromiumOptions } from '../playwright.config.js';
import { type BrowserAccount, prepareBrowserAccount } from './browser-fixture.js';
import { keyToOtherWindow } from './browser-other-window.js';
import {
  firstLinkTitles,
  linkTitlesAsYouType,
  listLoadedAt,
  listOrderSeen,
  listShownAt,
  openNote,
  searchAsYouType,
  slowKeyShare,
  watchKeyFrames,
  watchListMarks,
  watchListOrder,
} from './browser-page.js';
import { traceMainThread, workPerKeystroke } from './browser-trace.js';
import { bundleYardstick, openYardstick } from './browser-yardstick.js';
import { loadAverage, print, progress } from './report.js';
import { REPO_ROOT, type ServerProcess, startServer } from './server-process.js';
import { type LatencySummary, summarize } from './stats.js';
import { count, formatTable, ms } from './table.js';

export interface BrowserSettings {
  notes: number;
  /** Keys typed into a 1 KiB note, and into the 1 MB one, a key every `keyGapMs`. */
  keystrokes: number;
  keyGapMs: number;
  /** Another checkout to measure (its client is built there). */
  quireRoot?: string;
  /** Where to keep Chromium's traces of the typing, if anywhere. */
  traceDir?: string;
}

export interface BrowserResult {
  notes: number;
  rawListBytes: number;
  coldStartMs: number;
  /** The whole list in the page (the top shows before it). */
  coldLoadedMs: number;
  warmStartMs: number;
  warmLoadedMs: number;
  warmListNotModified: boolean;
  keystrokeWorkMs: LatencySummary;
  /** The note typed in was at the top of the list in the frame after the first key. */
  listReorderedSameFrame: boolean;
  /** The share of keys that took 16 ms or more from the key to its frame; null: not timed. */
  keyEventsOver16Ms: number | null;
  largeNoteWorkMs: LatencySummary;
  largeNoteKeyEventsOver16Ms: number | null;
  heapBytes: number;
  searchAfterLastKeyMs: number;
  /** `[[` and a few letters typed: the titles offered after the last key. */
  linkTitlesAfterLastKeyMs: number;
  /** The first `[[` typed in the app just opened: the titles offered after the second `[`. */
  firstLinkTitlesMs: number;
  /** From a key in one window to its character painted in another window on the same note. */
  keyToOtherWindowMs: LatencySummary;
  /** The same typing in the yardstick: CodeMirror and a save per change, nothing else. */
  yardstickKeystrokeWorkMs: LatencySummary;
  yardstickKeyEventsOver16Ms: number | null;
  yardstickLargeNoteWorkMs: LatencySummary;
  yardstickLargeNoteKeyEventsOver16Ms: number | null;
}

interface TypingFigures {
  work: LatencySummary;
  /** The share of keys that took 16 ms or more from the key to its frame; null: not timed. */
  over16: number | null;
}

const START_TIMEOUT_MS = 180_000;
const SEARCH_WORD = 'water';
// Every note is titled "Note N", so a number picks one among the many that start alike.
const LINK_QUERY = 'note 99';
const LINK_TOP_TITLE = 'Note 99';
/** How long a person looks at a note just opened before typing in it. */
const FIRST_LINK_PAUSE_MS = 1_000;

function buildClient(root: string): void {
  progress('browser: building the web client');
  const built = spawnSync('npx', ['vite', 'build', '--logLevel', 'error'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (built.status !== 0) throw new Error('vite build failed');
}

async function openApp(context: BrowserContext, server: ServerProcess, firstId: string) {
  const page = await context.newPage();
  // The start-up list (the whole `GET /api/notes`), not the `since=` resync once the socket is up.
  let listStatus = 0;
  page.on('response', (response) => {
    const url = new URL(response.url());
    const wholeList = url.pathname === '/api/notes' && !url.searchParams.has('since');
    if (wholeList && response.request().method() === 'GET' && listStatus === 0) {
      listStatus = response.status();
    }
  });
  await page.goto(server.url);
  const shownMs = await listShownAt(page, firstId, START_TIMEOUT_MS);
  const loadedMs = await listLoadedAt(page, START_TIMEOUT_MS);
  return { page, shownMs, loadedMs, listStatus: () => listStatus };
}

/** Whether the device holds `notes` notes and the mark (etag and cursor) naming their list. */
function offlineCopyHolds(page: Page, notes: number): Promise<boolean> {
  return page.evaluate(
    (expected) =>
      new Promise<boolean>((resolve) => {
        const request = indexedDB.open('quire-offline');
        request.onsuccess = () => {
          const database = request.result;
          const transaction = database.transaction(['notes', 'lists']);
          const counting = transaction.objectStore('notes').count();
          const marks = transaction.objectStore('lists').count();
          transaction.oncomplete = () => {
            database.close();
            resolve(counting.result >= expected && marks.result > 0);
          };
          transaction.onerror = () => resolve(false);
        };
        request.onerror = () => resolve(false);
      }),
    notes,
  );
}

/**
 * Waits until the app has written every note to its offline copy on this device, and the mark
 * that names their list, written last: it makes the next start a warm one. Each time a write
 * of a list mark completes (the event `watchListMarks` counts), the copy is checked; a mark
 * written while the copy is incomplete names nothing, and the next one is waited for.
 */
async function offlineCopyComplete(page: Page, notes: number): Promise<void> {
  let marks = 0;
  do {
    const written = await page.waitForFunction(
      (after) => {
        const count = (window as unknown as { listMarksWritten?: number }).listMarksWritten ?? 0;
        return count > after ? count : 0;
      },
      marks,
      { timeout: START_TIMEOUT_MS },
    );
    marks = (await written.jsonValue()) as number;
  } while (!(await offlineCopyHolds(page, notes)));
}

/** Where the trace of the typing called `name` is kept; undefined: it is not. */
const traceFile = (s: BrowserSettings, name: string) =>
  s.traceDir === undefined ? undefined : path.resolve(s.traceDir, `${name}.json`);

/**
 * Types `s.keystrokes` characters a key every `s.keyGapMs`, then waits until `saved`; returns the
 * main thread's work per key. The trace is kept as `name` when the settings ask for it.
 */
async function typeTraced(
  page: Page,
  s: BrowserSettings,
  name: string,
  saved: () => Promise<unknown>,
): Promise<number[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const during = async () => {
      for (let i = 0; i < s.keystrokes; i += 1) {
        await page.keyboard.type(String.fromCharCode(97 + (i % 26)));
        await page.waitForTimeout(s.keyGapMs); // the cadence of typing, not a wait for a result
      }
      await saved(); // the last key's save and its answer belong to it too
    };
    return workPerKeystroke(await traceMainThread(cdp, during, traceFile(s, name)));
  } finally {
    await cdp.detach();
  }
}

/** The yardstick's work per key, typing into each note as Quire was measured typing. */
async function typeInYardstick(
  browser: Browser,
  server: ServerProcess,
  account: BrowserAccount,
  note: { id: string; name: string },
  s: BrowserSettings,
): Promise<TypingFigures> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript({ content: 'globalThis.__name = (f) => f;' });
  try {
    const page = await context.newPage();
    const response = await fetch(`${server.url}/api/notes`, { headers: { token: account.token } });
    const list = (await response.json()) as { results: { id: string; body: string }[] };
    const body = list.results.find((stored) => stored.id === note.id)?.body ?? '';
    await openYardstick(page, server.url, await bundleYardstick(), {
      token: account.token,
      id: note.id,
      body,
    });
    await watchKeyFrames(page);
    const work = await typeTraced(page, s, `yardstick-${note.name}`, () =>
      page.waitForFunction(() => document.body.dataset.saved === 'yes'),
    );
    return { work: summarize(work), over16: await slowKeyShare(page, s.keystrokes) };
  } finally {
    await context.close();
  }
}

async function heapAfterGc(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('HeapProfiler.collectGarbage');
    const usage = await cdp.send('Runtime.getHeapUsage');
    return usage.usedSize;
  } finally {
    await cdp.detach();
  }
}

async function rawListBytes(server: ServerProcess, token: string): Promise<number> {
  const response = await fetch(`${server.url}/api/notes`, {
    headers: { token, 'accept-encoding': 'identity' },
  });
  return (await response.arrayBuffer()).byteLength;
}

async function measure(
  browser: Browser,
  server: ServerProcess,
  account: BrowserAccount,
  s: BrowserSettings,
): Promise<BrowserResult> {
  const [firstId = ''] = account.noteIds;
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  // tsx names functions with a helper the page lacks; the functions sent to the page need it.
  await context.addInitScript({ content: 'globalThis.__name = (f) => f;' });
  await context.addInitScript((token) => {
    if (!window.localStorage.getItem('token')) window.localStorage.setItem('token', token);
  }, account.token);
  await context.addInitScript(watchListMarks);
  try {
    progress('browser: cold start');
    const cold = await openApp(context, server, firstId);
    await offlineCopyComplete(cold.page, account.noteIds.length);
    await cold.page.close();

    progress('browser: warm start');
    const warm = await openApp(context, server, firstId);
    const { page } = warm;
    await page.waitForLoadState('networkidle');

    progress('browser: the first [[ after the app opened');
    await openNote(page, account.noteIds[6] ?? '');
    const firstLinkTitlesMs = await firstLinkTitles(page, FIRST_LINK_PAUSE_MS);

    progress('browser: typing');
    const typedId = account.noteIds[5] ?? '';
    await openNote(page, typedId);
    await watchListOrder(page, typedId);
    await watchKeyFrames(page);
    const saved = () => page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    const work = await typeTraced(page, s, 'quire-1kib', saved);
    const reordered = await listOrderSeen(page);
    const over16 = await slowKeyShare(page, s.keystrokes);

    progress('browser: typing in a 1 MB note');
    await openNote(page, account.largeNoteId);
    await watchKeyFrames(page);
    const largeWork = await typeTraced(page, s, 'quire-1mb', saved);
    const largeOver16 = await slowKeyShare(page, s.keystrokes);

    progress('browser: a key in one window, painted in another');
    const otherWindow = await keyToOtherWindow(page, context, server.url, typedId, 40, s.keyGapMs);

    progress('browser: the yardstick typing');
    const small = { id: typedId, name: '1kib' };
    const yardstick = await typeInYardstick(browser, server, account, small, s);
    const large = { id: account.largeNoteId, name: '1mb' };
    const yardstickLarge = await typeInYardstick(browser, server, account, large, s);

    progress('browser: heap');
    const heapBytes = await heapAfterGc(page);

    progress('browser: link titles as you type');
    await openNote(page, typedId);
    const linkTitlesMs = await linkTitlesAsYouType(page, LINK_QUERY, LINK_TOP_TITLE, 120);

    progress('browser: search as you type');
    const searchMs = await searchAsYouType(page, SEARCH_WORD, 120);

    return {
      notes: account.noteIds.length,
      rawListBytes: await rawListBytes(server, account.token),
      coldStartMs: cold.shownMs,
      coldLoadedMs: cold.loadedMs,
      warmStartMs: warm.shownMs,
      warmLoadedMs: warm.loadedMs,
      warmListNotModified: warm.listStatus() === 304,
      keystrokeWorkMs: summarize(work),
      listReorderedSameFrame: reordered,
      keyEventsOver16Ms: over16,
      largeNoteWorkMs: summarize(largeWork),
      largeNoteKeyEventsOver16Ms: largeOver16,
      heapBytes,
      searchAfterLastKeyMs: searchMs,
      linkTitlesAfterLastKeyMs: linkTitlesMs,
      firstLinkTitlesMs,
      keyToOtherWindowMs: summarize(otherWindow),
      yardstickKeystrokeWorkMs: yardstick.work,
      yardstickKeyEventsOver16Ms: yardstick.over16,
      yardstickLargeNoteWorkMs: yardstickLarge.work,
      yardstickLargeNoteKeyEventsOver16Ms: yardstickLarge.over16,
    };
  } finally {
    await context.close();
  }
}

const yes = (pass: boolean) => (pass ? 'yes' : 'NO');
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
const percent = (share: number) => `${Math.round(share * 100)} %`;
const keyShare = (share: number | null) => (share === null ? 'not timed' : percent(share));

function printResult(r: BrowserResult): void {
  print(
    formatTable(
      ['figure', 'Quire', 'bar', 'met'],
      [
        [
          'Cold start: list shown',
          `${ms(r.coldStartMs)} ms`,
          '≤ 3,000 ms',
          yes(r.coldStartMs <= 3000),
        ],
        ['  the whole list in the page', `${ms(r.coldLoadedMs)} ms`, '', ''],
        [
          `Warm start: list shown (list answered ${r.warmListNotModified ? '304' : 'in full'})`,
          `${ms(r.warmStartMs)} ms`,
          '≤ 1,000 ms',
          yes(r.warmStartMs <= 1000),
        ],
        [
          '  the whole list in the page (typing is measured from then on)',
          `${ms(r.warmLoadedMs)} ms`,
          '',
          '',
        ],
        [
          'Keystroke, 1 KiB note: main-thread work p50 / p95',
          `${ms(r.keystrokeWorkMs.p50)} / ${ms(r.keystrokeWorkMs.p95)} ms`,
          'p95 ≤ 16 ms',
          yes(r.keystrokeWorkMs.p95 <= 16),
        ],
        [
          '  the yardstick (CodeMirror, a save per change): p50 / p95',
          `${ms(r.yardstickKeystrokeWorkMs.p50)} / ${ms(r.yardstickKeystrokeWorkMs.p95)} ms`,
          `Quire ${(r.keystrokeWorkMs.p95 / r.yardstickKeystrokeWorkMs.p95).toFixed(2)}×`,
          '',
        ],
        [
          'A key in one window painted in another on the note: p50 / p95',
          `${ms(r.keyToOtherWindowMs.p50)} / ${ms(r.keyToOtherWindowMs.p95)} ms`,
          '',
          '',
        ],
        [
          'First key in a note lower in the list: at the top in the next frame',
          r.listReorderedSameFrame ? 'yes' : 'no',
          'yes',
          yes(r.listReorderedSameFrame),
        ],
        [
          'Keystroke: keys whose key-to-paint took 16 ms or more',
          keyShare(r.keyEventsOver16Ms),
          '≤ 5 %',
          yes(r.keyEventsOver16Ms !== null && r.keyEventsOver16Ms <= 0.05),
        ],
        [
          '  the yardstick (can this headless Chromium paint a key in 16 ms at all?)',
          keyShare(r.yardstickKeyEventsOver16Ms),
          '',
          '',
        ],
        [
          'Keystroke, 1 MB note: main-thread work p50 / p95',
          `${ms(r.largeNoteWorkMs.p50)} / ${ms(r.largeNoteWorkMs.p95)} ms`,
          'p95 ≤ 16 ms',
          yes(r.largeNoteWorkMs.p95 <= 16),
        ],
        [
          '  the yardstick in the 1 MB note: p50 / p95',
          `${ms(r.yardstickLargeNoteWorkMs.p50)} / ${ms(r.yardstickLargeNoteWorkMs.p95)} ms`,
          `Quire ${(r.largeNoteWorkMs.p95 / r.yardstickLargeNoteWorkMs.p95).toFixed(2)}×`,
          '',
        ],
        [
          '1 MB note: keys whose key-to-paint took 16 ms or more',
          keyShare(r.largeNoteKeyEventsOver16Ms),
          '≤ 5 %',
          yes(r.largeNoteKeyEventsOver16Ms !== null && r.largeNoteKeyEventsOver16Ms <= 0.05),
        ],
        [
          '  the yardstick in the 1 MB note',
          keyShare(r.yardstickLargeNoteKeyEventsOver16Ms),
          '',
          '',
        ],
        [
          `JS heap after GC / raw list (${mib(r.rawListBytes)})`,
          `${mib(r.heapBytes)} (${(r.heapBytes / r.rawListBytes).toFixed(2)}×)`,
          '≤ 2×',
          yes(r.heapBytes <= 2 * r.rawListBytes),
        ],
        [
          'Search as you type: results after the last key',
          `${ms(r.searchAfterLastKeyMs)} ms`,
          '≤ 150 ms',
          yes(r.searchAfterLastKeyMs <= 150),
        ],
        [
          `[[ titles of ${count(r.notes)} notes as you type: offered after the last key`,
          `${ms(r.linkTitlesAfterLastKeyMs)} ms`,
          '≤ 50 ms',
          yes(r.linkTitlesAfterLastKeyMs <= 50),
        ],
        [
          `The first [[ in the app just opened (a note opened, ${FIRST_LINK_PAUSE_MS / 1000} s, then [[): titles after the second [`,
          `${ms(r.firstLinkTitlesMs)} ms`,
          '≤ 50 ms',
          yes(r.firstLinkTitlesMs <= 50),
        ],
      ],
    ),
  );
}

/**
 * Section 6: one account with many notes in Chromium, the app as a user runs it: start-up cold
 * and warm, typing (main-thread work per key, from Chromium's own trace), memory, search.
 */
export async function browserSection(s: BrowserSettings, dir: string): Promise<BrowserResult> {
  print(
    `6. Browser — one account with ${count(s.notes)} notes of ~1 KiB (and one of 1 MB) in ` +
      `Chromium at 1280×800; ${s.keystrokes} keys typed ${s.keyGapMs} ms apart`,
  );
  const root = s.quireRoot ?? REPO_ROOT;
  if (s.traceDir !== undefined) fs.mkdirSync(s.traceDir, { recursive: true });
  buildClient(root);
  progress(`browser: writing ${count(s.notes)} notes`);
  const file = path.join(dir, 'browser.db');
  const account = await prepareBrowserAccount(file, s.notes);
  const server = await startServer({
    name: 'Quire (browser)',
    script: 'src/server/main.ts',
    args: ['serve'],
    cwd: root,
    env: { DATABASE_URL: file, LOG_LEVEL: 'warn' },
  });
  const browser = await chromium.launch(chromiumOptions);
  try {
    const result = await measure(browser, server, account, s);
    print(`[${loadAverage()}]`);
    printResult(result);
    return result;
  } finally {
    await browser.close();
    await server.stop();
  }
}
