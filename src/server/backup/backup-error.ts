/** A backup, check or restore that cannot go on; the message is one line saying why. */
export class BackupError extends Error {}
