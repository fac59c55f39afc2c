// What an account accepts, apart from the schemas so the web client imports it without TypeBox.

/** Shortest password an account accepts. */
export const MIN_PASSWORD_LENGTH = 8;

/** Longest email (RFC 5321's path limit) and password an account accepts. */
export const MAX_EMAIL_LENGTH = 254;
export const MAX_PASSWORD_LENGTH = 1024;
