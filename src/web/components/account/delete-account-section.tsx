import { useEffect, useId, useState } from 'react';
import { AccountRequestError, accountApi, accountErrorMessage } from '../../api/account-api.js';
import { useController } from '../../app-context.js';
import { PasswordPrompt } from './password-prompt.js';
import { useAccountCall } from './use-account-call.js';

export const DELETE_ACCOUNT_QUESTION =
  'Delete your account with all its notes and their history? This cannot be undone.';

/**
 * Deleting the account, with the password (and a code while two-factor sign-in is on) and one
 * last question.
 */
export function DeleteAccountSection() {
  const controller = useController();
  const call = useAccountCall();
  const headingId = useId();
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [needsCode, setNeedsCode] = useState(false);

  useEffect(() => {
    call(accountApi.account).then(
      (account) => setNeedsCode(account.totpEnabled),
      () => {}, // the two-factor section says what went wrong
    );
  }, [call]);

  async function remove(password: string, code: string) {
    if (!window.confirm(DELETE_ACCOUNT_QUESTION)) return;
    setError('');
    setBusy(true);
    try {
      await call((token) => accountApi.deleteAccount(token, password, code || undefined));
      controller.accountDeleted();
    } catch (failure) {
      // Turned on in another window meanwhile: ask for the code and try again.
      if (failure instanceof AccountRequestError && failure.code === 'totp_required') {
        setNeedsCode(true);
      }
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
        withCode={needsCode}
        onSubmit={(password, code) => void remove(password, code)}
      />
      <p className="account-section__error" role="alert">
        {error}
      </p>
    </section>
  );
}
