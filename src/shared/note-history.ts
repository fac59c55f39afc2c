import type { Note } from './note.js';
import type { VersionChange } from './version-change.js';

/** Why a past text was kept. */
export type VersionReason =
  /** Replaced by a later save; snapshots of these are kept every few minutes of typing. */
  | 'edit'
  /** Set aside by a merge where another device changed the same text. */
  | 'conflict'
  /** The text the note had when an older version was restored over it. */
  | 'restore'
  /** The text the note had when it went to the trash. */
  | 'delete';

/** One entry of a note's history, without its body. */
export interface VersionSummary {
  revision: number;
  timeLastModified: number;
  reason: VersionReason;
  /** What this version changed from the listed version before it (the oldest: from nothing). */
  change: VersionChange;
}

/** A note in the trash: the note as it was, and when it was deleted. */
export interface TrashedNote extends Note {
  timeDeleted: number;
}
