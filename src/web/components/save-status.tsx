import { useEffect, useState } from 'react';
import { useAppState } from '../app-context.js';
import type { SaveStatus as Status } from '../state/app-state.js';
import './save-status.css';

const LABELS: Record<Status, string> = {
  idle: '',
  saving: 'Saving…',
  saved: 'Saved',
  retrying: 'Offline — retrying',
  failed: 'Not saved',
};

/**
 * How long edits must have stayed saved before "Saved" replaces "Saving…". Every key is saved
 * in a few milliseconds, so the words would otherwise flip twice a key: a frame of layout and
 * paint each time, and a live region announcing both to a screen reader.
 */
export const SAVED_SETTLE_MS = 1_000;

/** The status to show: "Saving…" holds until the edits have stayed saved for a moment. */
function useSettledStatus(status: Status): Status {
  const [shown, setShown] = useState(status);
  const settling = status === 'saved' && shown === 'saving';
  useEffect(() => {
    if (!settling) {
      setShown(status);
      return;
    }
    const timer = setTimeout(() => setShown('saved'), SAVED_SETTLE_MS);
    return () => clearTimeout(timer);
  }, [status, settling]);
  return settling ? 'saving' : status;
}

/** Whether edits have reached the server, in a few quiet words next to the toolbar. */
export function SaveStatus() {
  const status = useSettledStatus(useAppState((state) => state.saveStatus));
  return (
    <p className={`save-status save-status--${status}`} role="status">
      {LABELS[status]}
    </p>
  );
}
