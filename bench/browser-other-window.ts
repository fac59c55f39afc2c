import type { BrowserContext, Page } from '@playwright/test';
import { openNote } from './browser-page.js';

/** Wall-clock milliseconds in a page, comparable between pages of one browser. */
type Stamps = { keys: number[]; painted: number[] };

/** Records, in the watching window, the frame after each character that arrives in its editor. */
function watchArrivals(): void {
  const holder = window as unknown as { arrivals: number[] };
  holder.arrivals = [];
  // CodeMirror lives in the editor's shadow root.
  const content = Array.from(document.querySelectorAll('*'))
    .map((element) => element.shadowRoot?.querySelector('.cm-content'))
    .find((found) => found) as HTMLElement;
  let length = content.textContent?.length ?? 0;
  new MutationObserver(() => {
    const now = content.textContent?.length ?? 0;
    if (now <= length) return;
    for (; length < now; length += 1) {
      requestAnimationFrame(() => holder.arrivals.push(performance.timeOrigin + performance.now()));
    }
  }).observe(content, { subtree: true, childList: true, characterData: true });
}

/** Records, in the typing window, when each key went down. */
function watchKeys(): void {
  const holder = window as unknown as { keys: number[] };
  holder.keys = [];
  document.addEventListener(
    'keydown',
    (event) => holder.keys.push(performance.timeOrigin + event.timeStamp),
    true,
  );
}

/**
 * From a key in one window to its character painted in another window of the same account
 * with the same note open: through the save, the server and the live socket.
 */
export async function keyToOtherWindow(
  typing: Page,
  context: BrowserContext,
  url: string,
  noteId: string,
  keys: number,
  gapMs: number,
): Promise<number[]> {
  const watching = await context.newPage();
  try {
    await watching.goto(url);
    await openNote(watching, noteId);
    await openNote(typing, noteId);
    await watching.waitForFunction(() =>
      Array.from(document.querySelectorAll('*')).some((e) =>
        e.shadowRoot?.querySelector('.cm-content'),
      ),
    );
    await watching.evaluate(watchArrivals);
    await typing.evaluate(watchKeys);
    for (let i = 0; i < keys; i += 1) {
      await typing.keyboard.type(String.fromCharCode(97 + (i % 26)));
      await typing.waitForTimeout(gapMs); // the cadence of typing, not a wait for a result
    }
    await watching.waitForFunction(
      (expected) => (window as unknown as { arrivals: number[] }).arrivals.length >= expected,
      keys,
    );
    const stamps: Stamps = {
      keys: await typing.evaluate(() => (window as unknown as { keys: number[] }).keys),
      painted: await watching.evaluate(
        () => (window as unknown as { arrivals: number[] }).arrivals,
      ),
    };
    return stamps.keys.slice(0, keys).map((key, i) => (stamps.painted[i] ?? Number.NaN) - key);
  } finally {
    await watching.close();
  }
}
