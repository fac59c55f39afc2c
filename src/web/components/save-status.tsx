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

/** Whether edits have reached the server, in a few quiet words next to the toolbar. */
export function SaveStatus() {
  const status = useAppState((state) => state.saveStatus);
  return (
    <p className={`save-status save-status--${status}`} role="status">
      {LABELS[status]}
    </p>
  );
}
