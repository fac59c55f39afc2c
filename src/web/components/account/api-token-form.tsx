import { type FormEvent, useId, useState } from 'react';
import {
  type CreateApiTokenRequest,
  MAX_TOKEN_NAME_LENGTH,
  TOKEN_SCOPE_LABELS,
  TOKEN_SCOPES,
  type TokenScope,
} from '../../../shared/api-tokens.js';

const DAY_SECONDS = 24 * 60 * 60;

const EXPIRY_CHOICES = [
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '365', label: '1 year' },
  { value: 'never', label: 'Never' },
  { value: 'date', label: 'On a date…' },
] as const;

/** `yyyy-MM-dd` of a day in local time, as a date field takes it. */
function dayText(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** When a token chosen to expire this way stops working: a date's token works through that day. */
function expiryTime(choice: string, date: string): number | null {
  if (choice === 'never') return null;
  if (choice === 'date') {
    const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
    return Math.floor(new Date(year, month - 1, day, 23, 59, 59).getTime() / 1000);
  }
  return Math.floor(Date.now() / 1000) + Number(choice) * DAY_SECONDS;
}

/** A new token's name, scopes and expiry, confirmed with the password. */
export function ApiTokenForm(props: {
  busy: boolean;
  onSubmit(request: CreateApiTokenRequest): void;
  onCancel(): void;
}) {
  const ids = { name: useId(), expiry: useId(), date: useId(), password: useId() };
  const [expiry, setExpiry] = useState('90');
  const [problem, setProblem] = useState('');
  const tomorrow = new Date();
  tomorrow.setDate(tomorrow.getDate() + 1);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const scopes = data.getAll('scope').map(String) as TokenScope[];
    if (scopes.length === 0) {
      setProblem('Choose at least one thing the token may do.');
      return;
    }
    setProblem('');
    props.onSubmit({
      name: String(data.get('name') ?? '').trim(),
      scopes,
      timeExpires: expiryTime(expiry, String(data.get('date') ?? '')),
      password: String(data.get('password') ?? ''),
    });
  }

  return (
    <form className="account-form" onSubmit={submit}>
      <label className="field" htmlFor={ids.name}>
        <span className="field__label">Name</span>
        <input
          id={ids.name}
          className="field__input"
          name="name"
          required
          maxLength={MAX_TOKEN_NAME_LENGTH}
          autoComplete="off"
        />
        <span className="field__hint">What it is for, e.g. “Nightly backup”</span>
      </label>
      <fieldset className="token-scopes">
        <legend className="field__label">It may</legend>
        {TOKEN_SCOPES.map((scope) => (
          <label key={scope} className="token-scopes__choice">
            <input
              type="checkbox"
              name="scope"
              value={scope}
              defaultChecked={scope === 'notes:read'}
            />
            {TOKEN_SCOPE_LABELS[scope]}
          </label>
        ))}
      </fieldset>
      <label className="field" htmlFor={ids.expiry}>
        <span className="field__label">Expires</span>
        <select
          id={ids.expiry}
          className="field__input"
          value={expiry}
          onChange={(event) => setExpiry(event.target.value)}
        >
          {EXPIRY_CHOICES.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
      </label>
      {expiry === 'date' && (
        <label className="field" htmlFor={ids.date}>
          <span className="field__label">Last day it works</span>
          <input
            id={ids.date}
            className="field__input"
            type="date"
            name="date"
            required
            min={dayText(tomorrow)}
          />
        </label>
      )}
      <label className="field" htmlFor={ids.password}>
        <span className="field__label">Your password</span>
        <input
          id={ids.password}
          className="field__input"
          type="password"
          name="password"
          required
          autoComplete="current-password"
        />
      </label>
      <p className="account-section__error" role="alert">
        {problem}
      </p>
      <div className="account-form__actions">
        <button className="button button--primary" type="submit" disabled={props.busy}>
          Create token
        </button>
        <button className="button" type="button" onClick={props.onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
