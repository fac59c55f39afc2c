import { registerSW } from 'virtual:pwa-register';

type Listener = () => void;

const HOURLY_CHECK_MS = 60 * 60 * 1000;

let updateAvailable = false;
let reloading = false;
let applyUpdate: ((reload: boolean) => Promise<void>) | undefined;
let registration: ServiceWorkerRegistration | undefined;
const listeners = new Set<Listener>();

/**
 * Registers the service worker. A new version waits until the user chooses to reload, so a
 * page never runs half old, half new.
 */
export function registerAppWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  applyUpdate = registerSW({
    onNeedRefresh() {
      updateAvailable = true;
      for (const listener of listeners) listener();
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
  // A waiting worker takes over first, then the page reloads; a page the old worker never
  // controlled (the first visit) simply reloads into the new one, already active.
  if (applyUpdate && registration?.waiting) await applyUpdate(true);
  else window.location.reload();
}
