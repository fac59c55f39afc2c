import type { SessionEndReason } from '../../shared/session-end.js';

const WHY: Record<SessionEndReason, string> = {
  password_changed: 'Your password was changed on another device.',
  second_factor_on: 'Two-factor sign-in was turned on for your account.',
  second_factor_off: 'Two-factor sign-in was turned off for your account.',
  ended_elsewhere: 'This session was ended from another device.',
  logged_out: 'You logged out in another window.',
};

/** What the Log In screen says when the server ended this window's session, and why if known. */
export function sessionEndedMessage(
  reason: SessionEndReason | undefined,
  unsaved: boolean,
): string {
  const then = unsaved ? 'Log in again to save your changes.' : 'Please log in again.';
  return reason ? `${WHY[reason]} ${then}` : `Your session has ended. ${then}`;
}
