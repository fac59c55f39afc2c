import { type FormEvent, useEffect, useId, useState } from 'react';
import { MIN_PASSWORD_LENGTH } from '../../../shared/account-limits.js';
import { AccountRequestError, accountApi, accountErrorMessage } from '../../api/account-api.js';
import { SecondFactorField } from './second-factor-field.js';
import { useAccountCall } from './use-account-call.js';

/**
 * A new password (with a code while two-factor sign-in is on); the server ends every other
 * session (`onChanged` then).
 */
export function PasswordSection({ onChanged }: { onChanged?(): void }) {
  const call = useAccountCall();
  const headingId = useId();
  const hintId = useId();
  const [message, setMessage] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [needsCode, setNeedsCode] = useState(false);

  useEffect(() => {
    call(accountApi.account).then(
      (account) => setNeedsCode(account.totpEnabled),
      () => {}, // the two-factor section says what went wrong
    );
  }, [call]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const current = String(data.get('currentPassword') ?? '');
    const next = String(data.get('newPassword') ?? '');
    const code = String(data.get('totp') ?? '') || undefined;
    setError('');
    setMessage('');
    setBusy(true);
    try {
      await call((token) => accountApi.changePassword(token, current, next, code));
      form.reset();
      setMessage('Password changed. Your other sessions were signed out.');
      onChanged?.();
    } catch (failure) {
      // Turned on in another window meanwhile: ask for the code and try again.
      if (failure instanceof AccountRequestError && failure.code === 'totp_required') {
        setNeedsCode(true);
      }
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
        {/* Left optional: two-factor sign-in may have been turned off since, on this screen. */}
        {needsCode && <SecondFactorField required={false} />}
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
