import { type FormEvent, useId } from 'react';

/** A password field with one button, for the changes that must be confirmed. */
export function PasswordPrompt(props: {
  label: string;
  submitText: string;
  busy: boolean;
  danger?: boolean;
  onSubmit(password: string): void;
  onCancel?(): void;
}) {
  const fieldId = useId();
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    props.onSubmit(String(new FormData(event.currentTarget).get('password') ?? ''));
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
