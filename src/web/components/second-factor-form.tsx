import { type FormEvent, useId, useState } from 'react';
import { useController } from '../app-context.js';
import { credentialsErrorMessage } from './login-messages.js';

/** The second step of Log In, for an account with two-factor sign-in. */
export function SecondFactorForm(props: { username: string; password: string; onCancel(): void }) {
  const controller = useController();
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const headingId = useId();
  const errorId = useId();
  const hintId = useId();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('totp') ?? '');
    setError('');
    setBusy(true);
    try {
      await controller.logIn(props.username, props.password, code);
    } catch (failure) {
      setError(credentialsErrorMessage(failure, 'totp'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="login-card"
      aria-labelledby={headingId}
      aria-describedby={error ? errorId : undefined}
      onSubmit={submit}
    >
      <h1 id={headingId} className="login-card__heading">
        Log In
      </h1>
      <label className="field">
        <span className="field__label">Authentication code</span>
        <input
          className="field__input"
          name="totp"
          required
          autoComplete="one-time-code"
          autoCapitalize="off"
          spellCheck={false}
          aria-describedby={hintId}
          // biome-ignore lint/a11y/noAutofocus: the one field of a step that has just appeared
          autoFocus
        />
        <span id={hintId} className="field__hint">
          The 6-digit code from your authenticator app, or one of your recovery codes
        </span>
      </label>
      <p id={errorId} className="login-card__error" role="alert">
        {error}
      </p>
      <button className="button button--primary login-card__submit" type="submit" disabled={busy}>
        Submit
      </button>
      <p className="login-card__switch">
        <button className="link-button" type="button" onClick={props.onCancel}>
          Use another account
        </button>
      </p>
    </form>
  );
}
