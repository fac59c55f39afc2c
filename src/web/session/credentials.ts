/** Raised when Log In is submitted with an empty field (docs/interface.md#the-log-in-form). */
export const MISSING_CREDENTIALS = 'Please provide both username and password';

/** Throws that error when either field is empty; the email may not be only spaces. */
export function assertCredentials(username: string, password: string): void {
  if (username.trim() === '' || password === '') throw new Error(MISSING_CREDENTIALS);
}
