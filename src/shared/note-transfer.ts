/** One file (or one entry of a zip) that could not be imported, and why. */
export interface ImportFailure {
  name: string;
  error: string;
}

/**
 * One note that came in otherwise than its source held it (a table kept as text, an encrypted
 * part kept locked, a tag renamed), and each way it did.
 */
export interface ImportChange {
  name: string;
  changes: string[];
}

/**
 * `POST /api/import` — what one import did: notes added, notes already there from an earlier
 * import of the same source (or repeated within it), the parts it could not read, and, when
 * there are any, the notes that came in changed.
 */
export interface ImportSummary {
  imported: number;
  skipped: number;
  failed: ImportFailure[];
  changed?: ImportChange[];
}

/** `notes.json` in Quire's export: the exact notes, for backups and moving to another server. */
export interface QuireExport {
  format: 'quire-notes';
  version: 1;
  notes: { id: string; body: string; timeCreated: number; timeLastModified: number }[];
  /** The attachments the notes refer to, by id, and where each is in the zip. */
  attachments?: { id: string; name: string; type: string; size: number; file: string }[];
}
export const QUIRE_EXPORT_FORMAT = 'quire-notes';
