import { useEffect, useId, useState } from 'react';
import type { BackupTimes } from '../../../shared/backup-times.js';
import { readServerBackups } from '../../api/health-api.js';
import { formatNoteTime } from '../note-time.js';
import { useAccountCall } from './use-account-call.js';

const when = (seconds: number | null) => (seconds === null ? 'never' : formatNoteTime(seconds));

/**
 * The server's backups, for whoever runs it: when the last one was made and when one last
 * proved it restores (docs/deployment.md). Shown once backups are scheduled or made.
 */
export function BackupsSection() {
  const call = useAccountCall();
  const headingId = useId();
  const [times, setTimes] = useState<BackupTimes | undefined>(undefined);
  useEffect(() => {
    call(readServerBackups).then(setTimes, () => setTimes(undefined));
  }, [call]);
  if (!times) return null;
  return (
    <section className="account-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="account-section__title">
        Server backups
      </h2>
      <p>Last backup: {when(times.timeLastGood)}</p>
      <p>Last verified: {when(times.timeLastVerified)}</p>
    </section>
  );
}
