import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import type { OidcSignInOption } from '../../shared/sign-in-handoff.js';
import { CredentialsRejectedError, type SignupState } from '../api/session-api.js';
import { useAppState, useController } from '../app-context.js';
import {
  type CredentialsMode,
  credentialsErrorMessage,
  signInProblemMessage,
} from './login-messages.js';
import { SecondFactorForm } from './second-factor-form.js';
import './login-screen.css';

/** The page around the Log In card: the product's name above it. */
function LoginFrame({ children }: { children: ReactNode }) {
  return (
    <main className="login-screen">
      <p className="login-screen__brand" aria-hidden="true">
        Quire
      </p>
      {children}
    </main>
  );
}

/**
 * Above the Log In form while this server has no account: says so, and leads to making the
 * first one. The form itself stays as docs/interface.md#the-log-in-form has it.
 */
function FirstRunNotice({ onCreate }: { onCreate(): void }) {
  const headingId = useId();
  return (
    <section className="first-run" aria-labelledby={headingId}>
      <h2 id={headingId} className="first-run__heading">
        Welcome to Quire
      </h2>
      <p className="first-run__text">
        This server has no account yet. Create the first one to start writing.
      </p>
      <button className="button button--primary first-run__create" type="button" onClick={onCreate}>
        Create the first account
      </button>
    </section>
  );
}

/**
 * The single sign-on button: a plain link, as signing in at the provider is a page of its own.
 * Shown only when the server has an OpenID provider set up.
 */
function SingleSignOnButton({ option, alone }: { option: OidcSignInOption; alone: boolean }) {
  const look = alone ? 'button--primary' : 'button--outline';
  return (
    <a className={`button ${look} login-card__sso`} href={option.startPath}>
      {option.buttonLabel}
    </a>
  );
}

/**
 * Log In form (docs/interface.md#the-log-in-form), which turns into "Create account" when the
 * server allows sign-up.
 * With single sign-on the provider's button follows the form; with OIDC_ONLY it replaces it.
 */
export function LoginScreen() {
  const controller = useController();
  const [mode, setMode] = useState<CredentialsMode>('login');
  const [signup, setSignup] = useState<SignupState>({ open: false, firstRun: false });
  // A sign-in through the provider (or a link) that came back without a session says why here.
  const [error, setError] = useState(() => signInProblemMessage(controller.takeSignInProblem()));
  const [busy, setBusy] = useState(false);
  // Set once the password was right and the account asks for its second factor.
  const [pending, setPending] = useState<{
    username: string;
    password: string;
    locked: boolean;
  } | null>(null);
  // After a session ended, the same account is the one expected back.
  const previousEmail = useAppState((state) => (state.sessionEnded ? state.email : ''));
  const headingId = useId();
  const errorId = useId();
  const hintId = useId();
  const isSignup = mode === 'signup';
  const singleSignOn = signup.oidc;

  useEffect(() => {
    let current = true;
    void controller.fetchSignup().then((state) => {
      if (current) setSignup(state);
    });
    return () => {
      current = false;
    };
  }, [controller]);

  function switchMode(next: CredentialsMode) {
    setMode(next);
    setError('');
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const username = String(data.get('username') ?? '');
    const password = String(data.get('password') ?? '');
    setError('');
    setBusy(true);
    try {
      if (isSignup) await controller.signUp(username, password);
      else await controller.logIn(username, password);
    } catch (failure) {
      const code = failure instanceof CredentialsRejectedError ? failure.code : undefined;
      if (code === 'totp_required' || code === 'second_factor_locked') {
        setPending({ username, password, locked: code === 'second_factor_locked' });
      } else setError(credentialsErrorMessage(failure, mode));
      if (isSignup && code === 'forbidden') setSignup({ open: false, firstRun: false });
    } finally {
      setBusy(false);
    }
  }

  if (pending) {
    return (
      <LoginFrame>
        <SecondFactorForm {...pending} onCancel={() => setPending(null)} />
      </LoginFrame>
    );
  }

  if (singleSignOn && signup.passwordSignIn === false) {
    return (
      <LoginFrame>
        <section className="login-card" aria-labelledby={headingId}>
          <h1 id={headingId} className="login-card__heading">
            Log In
          </h1>
          {error && (
            <p className="login-card__error" role="alert">
              {error}
            </p>
          )}
          <SingleSignOnButton option={singleSignOn} alone />
        </section>
      </LoginFrame>
    );
  }

  return (
    <LoginFrame>
      {signup.open && signup.firstRun && !isSignup && (
        <FirstRunNotice onCreate={() => switchMode('signup')} />
      )}
      <form
        className="login-card"
        aria-labelledby={headingId}
        aria-describedby={error ? errorId : undefined}
        onSubmit={submit}
      >
        <h1 id={headingId} className="login-card__heading">
          {isSignup ? 'Create account' : 'Log In'}
        </h1>
        <label className="field">
          <span className="field__label">Email address</span>
          <input
            className="field__input"
            type="email"
            name="username"
            required
            placeholder="Enter email"
            defaultValue={previousEmail}
            autoComplete="username"
            spellCheck={false}
          />
        </label>
        <label className="field">
          <span className="field__label">Password</span>
          <input
            className="field__input"
            type="password"
            name="password"
            required
            minLength={isSignup ? 8 : undefined}
            autoComplete={isSignup ? 'new-password' : 'current-password'}
            aria-describedby={isSignup ? hintId : undefined}
          />
          {isSignup && (
            <span id={hintId} className="field__hint">
              At least 8 characters
            </span>
          )}
        </label>
        <p id={errorId} className="login-card__error" role="alert">
          {error}
        </p>
        <button className="button button--primary login-card__submit" type="submit" disabled={busy}>
          {isSignup ? 'Create account' : 'Submit'}
        </button>
        {singleSignOn && !isSignup && (
          <>
            <p className="login-card__or">
              <span>or</span>
            </p>
            <SingleSignOnButton option={singleSignOn} alone={false} />
          </>
        )}
        {signup.open && !isSignup && (
          <p className="login-card__switch">
            New here?{' '}
            <button className="link-button" type="button" onClick={() => switchMode('signup')}>
              Create account
            </button>
          </p>
        )}
        {isSignup && (
          <p className="login-card__switch">
            Already have an account?{' '}
            <button className="link-button" type="button" onClick={() => switchMode('login')}>
              Log in
            </button>
          </p>
        )}
      </form>
    </LoginFrame>
  );
}
