import { DomainError } from '../../domain-errors.js';

/** A file that cannot be imported at all: nothing of it is stored, and the message says why. */
export const unreadableImport = (name: string, why: string) =>
  new DomainError('unreadable_import', `${name}: ${why}`);

/** One part of a file (a zip entry, a note) that could not be read; the rest goes on. */
export class PartFailure extends Error {}
