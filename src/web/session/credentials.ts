/** Raised when the Log In form is submitted with an empty field (spec §4.2, §8). */
export const MISSING_CREDENTIALS = 'Please provide both username and password';

/** Throws the spec's error when either field is empty; the email may not be only spaces. */
export function assertCredentials(username: string, password: string): void {
  if (username.trim() === '' || password === '') throw new Error(MISSING_CREDENTIALS);
}
