/** A failure the CLI reports as one line; `exitCode` 2 means the command was misused. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: 1 | 2 = 1,
  ) {
    super(message);
  }
}
