import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { SessionInfo } from '../../../shared/account-security.js';
import { deviceName } from '../../../shared/device-name.js';
import { accountApi, accountErrorMessage } from '../../api/account-api.js';
import { formatNoteTime } from '../note-time.js';
import { useAccountCall } from './use-account-call.js';
import { useNewestList } from './use-newest-list.js';

/** Asked before every other session is ended. */
export const END_OTHER_SESSIONS_CONFIRMATION =
  'Sign out everywhere else? Every other device and browser signed in to this account will have to log in again.';

const sessionsCount = (count: number) =>
  count === 1 ? '1 other session' : `${count} other sessions`;

/**
 * What a session is called: its device and address, told apart from a namesake by when it was
 * last active and, failing that, by its place among them.
 */
function sessionNames(sessions: readonly SessionInfo[]): Map<string, string> {
  const described = sessions.map((session) => ({
    id: session.id,
    name: `${deviceName(session.userAgent)}, ${session.address ?? 'unknown address'}, last active ${formatNoteTime(session.timeLastSeen)}`,
  }));
  const seen = new Map<string, number>();
  const total = new Map<string, number>();
  for (const { name } of described) total.set(name, (total.get(name) ?? 0) + 1);
  return new Map(
    described.map(({ id, name }) => {
      if ((total.get(name) ?? 0) < 2) return [id, name];
      const place = (seen.get(name) ?? 0) + 1;
      seen.set(name, place);
      return [id, `${name} (${place})`];
    }),
  );
}

/**
 * Every signed-in session: where and when, ending one, or all but this one. The list is read
 * again after each of those (and mounted anew after a password change, which ends the others).
 */
export function SessionsSection() {
  const call = useAccountCall();
  const headingId = useId();
  const [error, setError] = useState('');
  // What the last ending did; the keyboard is put on it, since the button pressed is gone.
  const [done, setDone] = useState('');
  // Counts the endings said: each puts the keyboard on the message once it is on the page.
  const [said, setSaid] = useState(0);
  const doneMessage = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (said > 0) doneMessage.current?.focus();
  }, [said]);
  const failed = useCallback((failure: unknown) => setError(accountErrorMessage(failure)), []);
  const {
    items: sessions,
    reload: load,
    removed,
  } = useNewestList<SessionInfo>(accountApi.sessions, failed);

  /** Ends sessions; those `ended` says are gone leave the list at once, before it is read again. */
  async function run(
    action: (token: string) => Promise<void>,
    ended: (session: SessionInfo) => boolean,
    saying: string,
  ) {
    setError('');
    setDone('');
    try {
      await call(action);
      removed(ended);
      setDone(saying);
      setSaid((count) => count + 1);
    } catch (failure) {
      setError(accountErrorMessage(failure));
    }
    await load();
  }

  function endOthers() {
    if (!window.confirm(END_OTHER_SESSIONS_CONFIRMATION)) return;
    const count = others.length;
    void run(
      accountApi.endOtherSessions,
      (listed) => !listed.current,
      `Signed out of ${sessionsCount(count)}. Only this device is signed in now.`,
    );
  }

  const others = sessions?.filter((session) => !session.current) ?? [];
  const names = sessionNames(sessions ?? []);
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
                aria-label={`End session: ${names.get(session.id)}`}
                onClick={() =>
                  void run(
                    (token) => accountApi.endSession(token, session.id),
                    (listed) => listed.id === session.id,
                    `Session ended: ${names.get(session.id)}.`,
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
        <button className="button" type="button" onClick={endOthers}>
          Sign out everywhere else
        </button>
      )}
      <p ref={doneMessage} className="account-section__message" role="status" tabIndex={-1}>
        {done}
      </p>
      <p className="account-section__error" role="alert">
        {error}
      </p>
    </section>
  );
}
