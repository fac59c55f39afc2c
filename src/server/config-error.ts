/** A configuration value that cannot be used; its message is one line naming the variable. */
export class ConfigError extends Error {}
