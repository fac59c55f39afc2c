import { useId, useRef, useState } from 'react';

/** A token just made, shown this once, with a way to copy it. */
export function NewApiToken(props: { token: string; onDone(): void }) {
  const fieldId = useId();
  const field = useRef<HTMLInputElement>(null);
  const [message, setMessage] = useState('');

  async function copy() {
    try {
      await navigator.clipboard.writeText(props.token);
      setMessage('Copied.');
    } catch {
      // No clipboard here (e.g. a page served over plain http): the token is selected instead.
      field.current?.select();
      setMessage('Selected. Press Ctrl+C (or ⌘C) to copy it.');
    }
  }

  return (
    <div className="new-token">
      <label className="field" htmlFor={fieldId}>
        <span className="field__label">Your new token</span>
        <input
          ref={field}
          id={fieldId}
          className="field__input new-token__value"
          value={props.token}
          readOnly
          spellCheck={false}
          onFocus={(event) => event.currentTarget.select()}
        />
        <span className="field__hint">Copy it now: it will not be shown again.</span>
      </label>
      <div className="account-form__actions">
        <button className="button button--primary" type="button" onClick={() => void copy()}>
          Copy
        </button>
        <button className="button" type="button" onClick={props.onDone}>
          Done
        </button>
      </div>
      <p className="account-section__message" role="status">
        {message}
      </p>
    </div>
  );
}
