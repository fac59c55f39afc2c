/**
 * Why the server ended a session, sent as the reason of the live socket's 4401 close so that the
 * window signed out can say why.
 */
export const SESSION_END_REASONS = [
  'password_changed',
  'second_factor_on',
  'second_factor_off',
  'ended_elsewhere',
  'logged_out',
] as const;

export type SessionEndReason = (typeof SESSION_END_REASONS)[number];

export function isSessionEndReason(value: unknown): value is SessionEndReason {
  return (SESSION_END_REASONS as readonly unknown[]).includes(value);
}
