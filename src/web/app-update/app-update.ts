import { registerSW } from 'virtual:pwa-register';

type Listener = () => void;

const HOURLY_CHECK_MS = 60 * 60 * 1000;
/** How long Reload waits for the new worker to take over before it reloads anyway. */
const TAKEOVER_TIMEOUT_MS = 3_000;

let updateAvailable = false;
let reloading = false;
let registration: ServiceWorkerRegistration | undefined;
const listeners = new Set<Listener>();

/**
 * Registers the service worker. A new version waits until the user chooses to reload, so a
 * page never runs half old, half new.
 */
export function registerAppWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  registerSW({
    onNeedRefresh() {
      updateAvailable = true;
      for (const listener of listeners) listener();
    },
    // The new version took over: this page's own Reload reloads once it sees that; one taken
    // over by another tab's Reload follows it here.
    onNeedReload() {
      if (!reloading) window.location.reload();
    },
    onRegisteredSW(_url, registered) {
      registration = registered;
      setInterval(() => void checkForUpdate(), HOURLY_CHECK_MS);
    },
  });
}

/** Asks the server for a newer worker; called when the live socket (re)connects, as after a deploy. */
export async function checkForUpdate(): Promise<void> {
  if (!registration || registration.installing || !navigator.onLine) return;
  await registration.update().catch(() => undefined);
}

export function isUpdateAvailable(): boolean {
  return updateAvailable;
}

export function onUpdateAvailable(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True while the page reloads into a new version, so nothing asks the user to stay. */
export function isReloadingForUpdate(): boolean {
  return reloading;
}

/** Waits for `beforeReload` (draft writes), then lets the new worker take over and reloads. */
export async function reloadIntoUpdate(beforeReload: () => Promise<void>): Promise<void> {
  await beforeReload();
  reloading = true;
  // A page the old worker never controlled (the first visit) simply reloads into the new one.
  const waiting = registration?.waiting;
  if (waiting) await takeOver(waiting);
  window.location.reload();
}

/**
 * Asks the waiting worker to take over and resolves once it has, or has been replaced, or
 * after a while. An old worker woken by a request at that moment holds the activation until
 * it idles (in Chromium 30 s, or never with DevTools attached). So the page's API calls bypass
 * the worker (sw-network-routes.js), and `beforeReload` moves saves onto the page.
 */
function takeOver(waiting: ServiceWorker): Promise<void> {
  return new Promise((done) => {
    const settle = () => {
      clearTimeout(timer);
      navigator.serviceWorker.removeEventListener('controllerchange', settle);
      waiting.removeEventListener('statechange', onState);
      done();
    };
    const onState = () => {
      if (waiting.state === 'activated' || waiting.state === 'redundant') settle();
    };
    const timer = setTimeout(settle, TAKEOVER_TIMEOUT_MS);
    navigator.serviceWorker.addEventListener('controllerchange', settle);
    waiting.addEventListener('statechange', onState);
    waiting.postMessage({ type: 'SKIP_WAITING' });
  });
}
