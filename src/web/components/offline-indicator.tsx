import { useSyncExternalStore } from 'react';
import { useAppState, useController } from '../app-context.js';
import './offline-indicator.css';

function waitingText(count: number): string {
  if (count === 0) return 'nothing waiting to be sent';
  return count === 1 ? '1 change waiting' : `${count} changes waiting`;
}

/**
 * While the server cannot be reached: says so, and how many notes have changes to send. Above
 * the list, and, on a phone, where the list is hidden, under the open note's toolbar too.
 */
export function OfflineIndicator({ place }: { place: 'list' | 'note' }) {
  const { offline } = useController();
  const isOffline = useSyncExternalStore(offline.subscribe, offline.isOffline);
  const queued = useSyncExternalStore(offline.queue.subscribe, offline.queue.noteIds);
  const drafts = useAppState((state) => state.drafts);
  const waiting = new Set([...queued, ...Object.keys(drafts)]).size;
  return (
    <p className={`offline-indicator offline-indicator--${place}`} role="status">
      {isOffline && (
        <>
          <strong>Offline</strong> — {waitingText(waiting)}
        </>
      )}
    </p>
  );
}
