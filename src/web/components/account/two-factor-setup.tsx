import { type FormEvent, useId, useState } from 'react';
import { accountApi, accountErrorMessage } from '../../api/account-api.js';
import { RecoveryCodes } from './recovery-codes.js';
import { TotpQrCode } from './totp-qr-code.js';
import { useAccountCall } from './use-account-call.js';

/** Scan (or type) the secret, confirm with a code, then keep the recovery codes. */
export function TwoFactorSetup(props: {
  secret: string;
  uri: string;
  onDone(): void;
  onCancel(): void;
}) {
  const call = useAccountCall();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const codeId = useId();

  async function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code') ?? '');
    setError('');
    setBusy(true);
    try {
      const result = await call((token) => accountApi.confirmTotp(token, code));
      setRecoveryCodes(result.recoveryCodes);
    } catch (failure) {
      setError(accountErrorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  if (recoveryCodes) {
    return (
      <div className="totp-setup">
        <p>
          <strong>Two-factor sign-in is on.</strong> Keep these recovery codes somewhere safe. Each
          one lets you in once without your phone. They are shown only now.
        </p>
        <RecoveryCodes codes={recoveryCodes} />
        <button className="button button--primary" type="button" onClick={props.onDone}>
          I have saved them
        </button>
      </div>
    );
  }

  return (
    <div className="totp-setup">
      <p>Scan this code with your authenticator app, or type the key into it.</p>
      <TotpQrCode uri={props.uri} />
      <p className="totp-setup__secret">
        Key: <code>{props.secret.replace(/(.{4})/g, '$1 ').trim()}</code>
      </p>
      <form className="account-form" onSubmit={confirm}>
        <label className="field" htmlFor={codeId}>
          <span className="field__label">Code from the app</span>
          <input
            id={codeId}
            className="field__input"
            name="code"
            required
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9 ]{6,7}"
          />
        </label>
        <p className="account-section__error" role="alert">
          {error}
        </p>
        <div className="account-form__actions">
          <button className="button button--primary" type="submit" disabled={busy}>
            Confirm
          </button>
          <button className="button" type="button" onClick={props.onCancel}>
            Cancel
          </button>
        </div>
      </form>
    </div>
  );
}
