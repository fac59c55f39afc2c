import { useEffect, useId, useState } from 'react';
import { accountApi, accountErrorMessage } from '../../api/account-api.js';
import { PasswordPrompt } from './password-prompt.js';
import { TwoFactorSetup } from './two-factor-setup.js';
import { useAccountCall } from './use-account-call.js';

type Phase = 'loading' | 'off' | 'turning-on' | 'setting-up' | 'on' | 'turning-off';

/** Two-factor sign-in: its state, turning it on (with the set-up) and off. */
export function TwoFactorSection() {
  const call = useAccountCall();
  const headingId = useId();
  const [phase, setPhase] = useState<Phase>('loading');
  const [setup, setSetup] = useState<{ secret: string; uri: string } | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    call(accountApi.account).then(
      (account) => setPhase(account.totpEnabled ? 'on' : 'off'),
      (failure) => setError(accountErrorMessage(failure)),
    );
  }, [call]);

  async function run(action: () => Promise<void>) {
    setError('');
    setBusy(true);
    try {
      await action();
    } catch (failure) {
      setError(accountErrorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  const start = (password: string) =>
    run(async () => {
      setSetup(await call((token) => accountApi.startTotp(token, password)));
      setPhase('setting-up');
    });
  const stop = (password: string, code: string) =>
    run(async () => {
      await call((token) => accountApi.disableTotp(token, password, code));
      setPhase('off');
    });

  return (
    <section className="account-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="account-section__title">
        Two-factor sign-in
      </h2>
      {phase === 'off' && (
        <>
          <p>Off. Signing in needs only your password.</p>
          <button
            className="button button--primary"
            type="button"
            onClick={() => setPhase('turning-on')}
          >
            Turn on two-factor sign-in
          </button>
        </>
      )}
      {phase === 'turning-on' && (
        <PasswordPrompt
          label="Your password"
          submitText="Continue"
          busy={busy}
          onSubmit={start}
          onCancel={() => setPhase('off')}
        />
      )}
      {phase === 'setting-up' && setup && (
        <TwoFactorSetup {...setup} onDone={() => setPhase('on')} onCancel={() => setPhase('off')} />
      )}
      {phase === 'on' && (
        <>
          <p>On. Signing in asks for a code from your authenticator app.</p>
          <button className="button" type="button" onClick={() => setPhase('turning-off')}>
            Turn off two-factor sign-in
          </button>
        </>
      )}
      {phase === 'turning-off' && (
        <PasswordPrompt
          label="Your password"
          submitText="Turn off"
          busy={busy}
          danger
          withCode
          onSubmit={stop}
          onCancel={() => setPhase('on')}
        />
      )}
      <p className="account-section__error" role="alert">
        {error}
      </p>
    </section>
  );
}
