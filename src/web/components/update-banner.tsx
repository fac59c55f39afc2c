import { useState, useSyncExternalStore } from 'react';
import {
  isUpdateAvailable,
  onUpdateAvailable,
  reloadIntoUpdate,
} from '../app-update/app-update.js';
import './notice-bar.css';
import './update-banner.css';

/** Says a new deployment is there, and reloads into it once the drafts are on the device. */
export function UpdateBanner({ beforeReload }: { beforeReload: () => Promise<void> }) {
  const available = useSyncExternalStore(onUpdateAvailable, isUpdateAvailable);
  const [reloading, setReloading] = useState(false);
  if (!available) return null;
  return (
    <section className="notice update-banner" aria-label="Update">
      <p className="update-banner__text">A new version of Quire is available</p>
      <span aria-hidden="true">—</span>
      <button
        className="button button--primary update-banner__reload"
        type="button"
        disabled={reloading}
        onClick={() => {
          setReloading(true);
          void reloadIntoUpdate(beforeReload);
        }}
      >
        Reload
      </button>
    </section>
  );
}
