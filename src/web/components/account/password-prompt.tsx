import { type FormEvent, useId } from 'react';
import { SecondFactorField } from './second-factor-field.js';

/**
 * A password field with one button, for the changes that must be confirmed; `withCode` adds the
 * code from the authenticator app.
 */
export function PasswordPrompt(props: {
  label: string;
  submitText: string;
  busy: boolean;
  danger?: boolean;
  withCode?: boolean;
  onSubmit(password: string, code: string): void;
  onCancel?(): void;
}) {
  const fieldId = useId();
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    props.onSubmit(String(data.get('password') ?? ''), String(data.get('totp') ?? ''));
  }
  return (
    <form className="account-form" onSubmit={submit}>
      <label className="field" htmlFor={fieldId}>
        <span className="field__label">{props.label}</span>
        <input
          id={fieldId}
          className="field__input"
          type="password"
          name="password"
          required
          autoComplete="current-password"
        />
      </label>
      {props.withCode && <SecondFactorField required />}
      <div className="account-form__actions">
        <button
          className={props.danger ? 'button button--danger' : 'button button--primary'}
          type="submit"
          disabled={props.busy}
        >
          {props.submitText}
        </button>
        {props.onCancel && (
          <button className="button" type="button" onClick={props.onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
