import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { SessionInfo } from '../../../shared/account-security.js';
import { deviceName } from '../../../shared/device-name.js';
import { accountApi, accountErrorMessage } from '../../api/account-api.js';
import { formatNoteTime } from '../note-time.js';
import { useAccountCall } from './use-account-call.js';

/**
 * Every signed-in session: where and when, ending one, or all but this one. The list is read
 * again after each of those (and mounted anew after a password change, which ends the others).
 */
export function SessionsSection() {
  const call = useAccountCall();
  const headingId = useId();
  const [sessions, setSessions] = useState<SessionInfo[] | null>(null);
  const [error, setError] = useState('');
  // Only the newest read is shown: an older answer arriving late would bring ended ones back.
  const reads = useRef(0);

  const load = useCallback(async () => {
    const read = ++reads.current;
    try {
      const listed = await call(accountApi.sessions);
      if (read === reads.current) setSessions(listed);
    } catch (failure) {
      if (read === reads.current) setError(accountErrorMessage(failure));
    }
  }, [call]);
  useEffect(() => void load(), [load]);

  /** Ends sessions; those `ended` says are gone leave the list at once, before it is read again. */
  async function run(
    action: (token: string) => Promise<void>,
    ended: (session: SessionInfo) => boolean,
  ) {
    setError('');
    try {
      await call(action);
      reads.current += 1; // a read already on its way may still list them
      setSessions((listed) => listed?.filter((session) => !ended(session)) ?? null);
    } catch (failure) {
      setError(accountErrorMessage(failure));
    }
    await load();
  }

  const others = sessions?.filter((session) => !session.current) ?? [];
  return (
    <section className="account-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="account-section__title">
        Sessions
      </h2>
      <ul className="session-list">
        {sessions?.map((session) => (
          <li key={session.id} className="session-list__item">
            <div className="session-list__text">
              <span className="session-list__device">
                {deviceName(session.userAgent)}
                {session.current && <span className="session-list__badge">This device</span>}
              </span>
              <span className="session-list__details">
                {session.address ?? 'Unknown address'} · last active{' '}
                {formatNoteTime(session.timeLastSeen)}
              </span>
            </div>
            {!session.current && (
              <button
                className="button"
                type="button"
                aria-label={`End session: ${deviceName(session.userAgent)}, ${session.address ?? ''}`}
                onClick={() =>
                  void run(
                    (token) => accountApi.endSession(token, session.id),
                    (listed) => listed.id === session.id,
                  )
                }
              >
                End
              </button>
            )}
          </li>
        ))}
      </ul>
      {others.length > 0 && (
        <button
          className="button"
          type="button"
          onClick={() => void run(accountApi.endOtherSessions, (listed) => !listed.current)}
        >
          Sign out everywhere else
        </button>
      )}
      <p className="account-section__error" role="alert">
        {error}
      </p>
    </section>
  );
}
