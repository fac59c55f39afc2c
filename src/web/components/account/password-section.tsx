import { type FormEvent, useId, useState } from 'react';
import { MIN_PASSWORD_LENGTH } from '../../../shared/account-limits.js';
import { accountApi, accountErrorMessage } from '../../api/account-api.js';
import { useAccountCall } from './use-account-call.js';

/** A new password; the server ends every other session (`onChanged` then). */
export function PasswordSection({ onChanged }: { onChanged?(): void }) {
  const call = useAccountCall();
  const headingId = useId();
  const hintId = useId();
  const [message, setMessage] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const current = String(data.get('currentPassword') ?? '');
    const next = String(data.get('newPassword') ?? '');
    setError('');
    setMessage('');
    setBusy(true);
    try {
      await call((token) => accountApi.changePassword(token, current, next));
      form.reset();
      setMessage('Password changed. Your other sessions were signed out.');
      onChanged?.();
    } catch (failure) {
      setError(accountErrorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="account-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="account-section__title">
        Password
      </h2>
      <form className="account-form" onSubmit={submit}>
        <label className="field">
          <span className="field__label">Current password</span>
          <input
            className="field__input"
            type="password"
            name="currentPassword"
            required
            autoComplete="current-password"
          />
        </label>
        <label className="field">
          <span className="field__label">New password</span>
          <input
            className="field__input"
            type="password"
            name="newPassword"
            required
            minLength={MIN_PASSWORD_LENGTH}
            autoComplete="new-password"
            aria-describedby={hintId}
          />
          <span id={hintId} className="field__hint">
            At least {MIN_PASSWORD_LENGTH} characters
          </span>
        </label>
        <div className="account-form__actions">
          <button className="button button--primary" type="submit" disabled={busy}>
            Change password
          </button>
        </div>
      </form>
      <p className="account-section__message" role="status">
        {message}
      </p>
      <p className="account-section__error" role="alert">
        {error}
      </p>
    </section>
  );
}
