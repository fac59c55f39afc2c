import type { Page } from '@playwright/test';

// What the browser section asks of the page, by role and name as a user finds things.

const LIST = 'nav[aria-label="Notes"]';

/** Milliseconds from the page's navigation to its list showing `firstId` at the top. */
export async function listShownAt(page: Page, firstId: string, timeoutMs: number): Promise<number> {
  return page.evaluate(
    ({ list, id, timeout }) =>
      new Promise<number>((resolve, reject) => {
        const shown = () =>
          document.querySelector(`${list} li[data-index="0"] a[data-note-id="${id}"]`);
        if (shown()) return resolve(performance.now());
        const observer = new MutationObserver(() => {
          if (!shown()) return;
          observer.disconnect();
          resolve(performance.now());
        });
        observer.observe(document.body, { childList: true, subtree: true, attributes: true });
        setTimeout(() => reject(new Error('the list did not show in time')), timeout);
      }),
    { list: LIST, id: firstId, timeout: timeoutMs },
  );
}

/**
 * Milliseconds from the page's navigation to the list holding every note (it stops being
 * `aria-busy`); asked once the list shows, which is before that at these sizes.
 */
export async function listLoadedAt(page: Page, timeoutMs: number): Promise<number> {
  return page.evaluate(
    ({ list, timeout }) =>
      new Promise<number>((resolve, reject) => {
        const loaded = () => document.querySelector(list)?.getAttribute('aria-busy') === 'false';
        if (loaded()) return resolve(performance.now());
        const observer = new MutationObserver(() => {
          if (!loaded()) return;
          observer.disconnect();
          resolve(performance.now());
        });
        observer.observe(document.body, { subtree: true, attributes: true });
        setTimeout(() => reject(new Error('the whole list did not load in time')), timeout);
      }),
    { list: LIST, timeout: timeoutMs },
  );
}

/**
 * An init script: counts, in `window.listMarksWritten`, the completed IndexedDB writes of the
 * offline store's list marks, which the app makes once the notes before them are written.
 */
export function watchListMarks(): void {
  const holder = window as unknown as { listMarksWritten?: number };
  const open = IDBDatabase.prototype.transaction;
  IDBDatabase.prototype.transaction = function (this: IDBDatabase, ...args) {
    const transaction = open.apply(this, args);
    const [stores, mode] = args;
    const names = typeof stores === 'string' ? [stores] : [...stores];
    if (this.name === 'quire-offline' && mode === 'readwrite' && names.includes('lists')) {
      transaction.addEventListener('complete', () => {
        holder.listMarksWritten = (holder.listMarksWritten ?? 0) + 1;
      });
    }
    return transaction;
  } as typeof IDBDatabase.prototype.transaction;
}

/** Opens a note shown in the list and puts the cursor at the end of its text. */
export async function openNote(page: Page, noteId: string): Promise<void> {
  await page.locator(`${LIST} a[data-note-id="${noteId}"]`).click();
  const editor = page.getByRole('textbox', { name: 'Note text' });
  await editor.waitFor();
  await editor.press('ControlOrMeta+End');
}

/**
 * Records whether, in the frame after the next key, the note being typed in is at the top of the
 * list (docs/interface.md#how-the-list-is-ordered). Call it while the note is lower.
 */
export async function watchListOrder(page: Page, noteId: string): Promise<void> {
  await page.evaluate(
    ({ list, id }) => {
      const holder = window as unknown as { listOrderSeen?: boolean };
      delete holder.listOrderSeen;
      document.addEventListener(
        'keydown',
        () =>
          requestAnimationFrame(() => {
            const top = document.querySelector(`${list} li[data-index="0"] a`);
            holder.listOrderSeen = top?.getAttribute('data-note-id') === id;
          }),
        { capture: true, once: true },
      );
    },
    { list: LIST, id: noteId },
  );
}

export function listOrderSeen(page: Page): Promise<boolean> {
  return page.evaluate(
    () => (window as unknown as { listOrderSeen?: boolean }).listOrderSeen === true,
  );
}

/**
 * Times, from now on, each key press to the end of the frame that shows it: a keydown listener
 * (capturing, so it runs before the page's own) asks for the next animation frame, and a task
 * posted from that frame runs once the frame's style, layout and paint are done. Event Timing
 * would tell the same in a browser on a screen, but headless Chromium reports a key only once
 * something outside the editor's composited layer is painted, so its figures followed
 * unrelated changes of the page (a key was "1.2 s" when nothing else changed for that long).
 */
export async function watchKeyFrames(page: Page): Promise<void> {
  await page.evaluate(() => {
    const holder = window as unknown as { keyFrames?: number[]; keyFrameRound?: number };
    const listening = holder.keyFrames !== undefined;
    // A key pressed before this call (opening a note presses Ctrl+End) may have its frame
    // still to come: it belongs to the round it was pressed in, not to this one.
    holder.keyFrameRound = (holder.keyFrameRound ?? 0) + 1;
    holder.keyFrames = [];
    if (listening) return;
    document.addEventListener(
      'keydown',
      (event) => {
        const pressed = event.timeStamp;
        const round = holder.keyFrameRound;
        requestAnimationFrame(() => {
          const after = new MessageChannel();
          after.port1.onmessage = () => {
            if (round === holder.keyFrameRound) holder.keyFrames?.push(performance.now() - pressed);
          };
          after.port2.postMessage(null);
        });
      },
      { capture: true },
    );
  });
}

/**
 * The share of the `keys` pressed since `watchKeyFrames` whose frame ended 16 ms or more after
 * the key, or null when fewer frames than keys were seen.
 */
export async function slowKeyShare(page: Page, keys: number): Promise<number | null> {
  const times = await page.evaluate(() => (window as unknown as { keyFrames: number[] }).keyFrames);
  return times.length < keys ? null : times.filter((ms) => ms >= 16).length / keys;
}

/**
 * Types `query` into the search field a key every `gapMs`, and returns the milliseconds from
 * the last key to the frame after the answer to the whole query (not to a part of it) arrived:
 * the app renders an answer as it comes, before that frame.
 */
export async function searchAsYouType(page: Page, query: string, gapMs: number): Promise<number> {
  const field = page.getByRole('searchbox', { name: 'Search notes' });
  await field.click();
  await page.evaluate((wanted) => {
    const state = { lastKey: 0, shown: 0 };
    (window as unknown as { searchTiming: typeof state }).searchTiming = state;
    document.addEventListener('keydown', (event) => (state.lastKey = event.timeStamp), true);
    const fetchOriginal = window.fetch.bind(window);
    window.fetch = async (input, init) => {
      const response = await fetchOriginal(input, init);
      if (String(input).endsWith(`q=${wanted}`)) {
        requestAnimationFrame(() => (state.shown = performance.now()));
      }
      return response;
    };
  }, encodeURIComponent(query));
  await page.keyboard.type(query, { delay: gapMs });
  await page.waitForFunction(
    () => (window as unknown as { searchTiming: { shown: number } }).searchTiming.shown > 0,
    null,
    { timeout: 30_000 },
  );
  await page.getByRole('navigation', { name: 'Notes' }).locator('mark').first().waitFor();
  return page.evaluate(() => {
    const { shown, lastKey } = (
      window as unknown as {
        searchTiming: { shown: number; lastKey: number };
      }
    ).searchTiming;
    return shown - lastKey;
  });
}

/**
 * `[[` typed into the open note of an app just opened, `pauseMs` after the note opened (a
 * person finding where to write): the time from the second `[` to the frame showing titles.
 */
export async function firstLinkTitles(page: Page, pauseMs: number): Promise<number> {
  await page.keyboard.press('Enter');
  await page.waitForTimeout(pauseMs);
  await page.evaluate(() => {
    const shown = () =>
      document
        .querySelector('.markdown-editor')
        ?.shadowRoot?.querySelector('.cm-tooltip-autocomplete [role="option"]');
    const onKey = (event: KeyboardEvent) => {
      state.lastKey = event.timeStamp;
      requestAnimationFrame(watch);
    };
    const state = {
      lastKey: 0,
      shown: 0,
      stop: () => document.removeEventListener('keydown', onKey, true),
    };
    (window as unknown as { firstLinkTiming: typeof state }).firstLinkTiming = state;
    const watch = () => {
      if (shown()) state.shown = performance.now();
      else requestAnimationFrame(watch);
    };
    document.addEventListener('keydown', onKey, true);
  });
  await page.keyboard.type('[[');
  await page.waitForFunction(
    () => (window as unknown as { firstLinkTiming: { shown: number } }).firstLinkTiming.shown > 0,
    null,
    { timeout: 30_000 },
  );
  const elapsed = await page.evaluate(() => {
    const { shown, lastKey, stop } = (
      window as unknown as {
        firstLinkTiming: { shown: number; lastKey: number; stop: () => void };
      }
    ).firstLinkTiming;
    stop();
    return shown - lastKey;
  });
  await page.keyboard.press('Escape');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');
  return elapsed;
}

/**
 * `[[` then `query` typed into the open note, a key every `gapMs`: the time from the last key
 * to the frame whose list of titles starts with `expected`.
 */
export async function linkTitlesAsYouType(
  page: Page,
  query: string,
  expected: string,
  gapMs: number,
): Promise<number> {
  await page.keyboard.press('Enter');
  await page.keyboard.type('[[');
  const options = page.getByRole('listbox').getByRole('option');
  await options.first().waitFor();
  await page.evaluate((wanted) => {
    const state = { lastKey: 0, shown: 0 };
    (window as unknown as { linkTiming: typeof state }).linkTiming = state;
    // The editor, its list of titles with it, lives in a shadow root.
    const firstTitle = () =>
      document
        .querySelector('.markdown-editor')
        ?.shadowRoot?.querySelector('.cm-tooltip-autocomplete [role="option"]')?.textContent ?? '';
    const watch = () => {
      if (firstTitle() === wanted) state.shown = performance.now();
      else requestAnimationFrame(watch);
    };
    document.addEventListener(
      'keydown',
      (event) => {
        state.lastKey = event.timeStamp;
        state.shown = 0;
        requestAnimationFrame(watch);
      },
      true,
    );
  }, expected);
  await page.keyboard.type(query, { delay: gapMs });
  await page.waitForFunction(
    () => (window as unknown as { linkTiming: { shown: number } }).linkTiming.shown > 0,
    null,
    { timeout: 30_000 },
  );
  const elapsed = await page.evaluate(() => {
    const { shown, lastKey } = (
      window as unknown as { linkTiming: { shown: number; lastKey: number } }
    ).linkTiming;
    return shown - lastKey;
  });
  await page.keyboard.press('Escape');
  return elapsed;
}
