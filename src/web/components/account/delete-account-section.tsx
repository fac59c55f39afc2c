import { useId, useState } from 'react';
import { accountApi, accountErrorMessage } from '../../api/account-api.js';
import { useController } from '../../app-context.js';
import { PasswordPrompt } from './password-prompt.js';
import { useAccountCall } from './use-account-call.js';

export const DELETE_ACCOUNT_QUESTION =
  'Delete your account with all its notes and their history? This cannot be undone.';

/** Deleting the account, with the password and one last question. */
export function DeleteAccountSection() {
  const controller = useController();
  const call = useAccountCall();
  const headingId = useId();
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function remove(password: string) {
    if (!window.confirm(DELETE_ACCOUNT_QUESTION)) return;
    setError('');
    setBusy(true);
    try {
      await call((token) => accountApi.deleteAccount(token, password));
      controller.accountDeleted();
    } catch (failure) {
      setError(accountErrorMessage(failure));
      setBusy(false);
    }
  }

  return (
    <section className="account-section account-section--danger" aria-labelledby={headingId}>
      <h2 id={headingId} className="account-section__title">
        Delete account
      </h2>
      <p>Your notes, their history and every session go, on every device.</p>
      <PasswordPrompt
        label="Your password"
        submitText="Delete account"
        busy={busy}
        danger
        onSubmit={(password) => void remove(password)}
      />
      <p className="account-section__error" role="alert">
        {error}
      </p>
    </section>
  );
}
