import { type FormEvent, useId, useState } from 'react';
import { CredentialsRejectedError } from '../api/session-api.js';
import { useController } from '../app-context.js';
import { credentialsErrorMessage, SECOND_FACTOR_LOCKED } from './login-messages.js';

/**
 * The second step of Log In, for an account with two-factor sign-in. After too many wrong
 * codes the server locks the second factor; the form then asks for a recovery code, which
 * unlocks it and logs in.
 */
export function SecondFactorForm(props: {
  username: string;
  password: string;
  /** The server said at the password step already that the second factor is locked. */
  locked?: boolean;
  onCancel(): void;
}) {
  const controller = useController();
  const [locked, setLocked] = useState(props.locked ?? false);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const headingId = useId();
  const noticeId = useId();
  const errorId = useId();
  const hintId = useId();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code') ?? '');
    setError('');
    setBusy(true);
    try {
      if (locked) await controller.unlockSecondFactor(props.username, props.password, code);
      else await controller.logIn(props.username, props.password, code);
    } catch (failure) {
      if (failure instanceof CredentialsRejectedError && failure.code === 'second_factor_locked') {
        setLocked(true);
      } else {
        setError(credentialsErrorMessage(failure, locked ? 'unlock' : 'totp'));
      }
    } finally {
      setBusy(false);
    }
  }

  const describedBy = [locked ? noticeId : '', error ? errorId : ''].join(' ').trim();
  return (
    <form
      className="login-card"
      aria-labelledby={headingId}
      aria-describedby={describedBy || undefined}
      onSubmit={submit}
    >
      <h1 id={headingId} className="login-card__heading">
        Log In
      </h1>
      {locked && (
        <p id={noticeId} className="login-card__notice" role="alert">
          {SECOND_FACTOR_LOCKED}
        </p>
      )}
      <label className="field">
        <span className="field__label">{locked ? 'Recovery code' : 'Authentication code'}</span>
        <input
          // A new field when the step changes, so the code typed before does not linger.
          key={locked ? 'recovery' : 'totp'}
          className="field__input"
          name="code"
          required
          autoComplete={locked ? 'off' : 'one-time-code'}
          autoCapitalize="off"
          spellCheck={false}
          aria-describedby={hintId}
          // biome-ignore lint/a11y/noAutofocus: the one field of a step that has just appeared
          autoFocus
        />
        <span id={hintId} className="field__hint">
          {locked
            ? 'One of the codes you saved when you turned on two-factor sign-in. None left? Whoever runs this server can unlock your account.'
            : 'The 6-digit code from your authenticator app, or one of your recovery codes'}
        </span>
      </label>
      <p id={errorId} className="login-card__error" role="alert">
        {error}
      </p>
      <button className="button button--primary login-card__submit" type="submit" disabled={busy}>
        {locked ? 'Unlock and log in' : 'Submit'}
      </button>
      <p className="login-card__switch">
        <button className="link-button" type="button" onClick={props.onCancel}>
          Use another account
        </button>
      </p>
    </form>
  );
}
