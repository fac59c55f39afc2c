/**
 * The code from the authenticator app that a change needs while two-factor sign-in is on; a
 * recovery code is taken too, for someone whose phone is gone.
 */
export function SecondFactorField(props: { required: boolean }) {
  return (
    <label className="field">
      <span className="field__label">Code from the app</span>
      <input
        className="field__input"
        name="totp"
        required={props.required}
        autoComplete="one-time-code"
        spellCheck={false}
      />
      <span className="field__hint">Or one of your recovery codes</span>
    </label>
  );
}
