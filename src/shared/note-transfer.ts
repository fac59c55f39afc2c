/** One file (or one entry of a zip) that could not be imported, and why. */
export interface ImportFailure {
  name: string;
  error: string;
}

/**
 * `POST /api/import` — what one import did: notes added, notes already there from an earlier
 * import of the same source (or repeated within it), and the parts it could not read.
 */
export interface ImportSummary {
  imported: number;
  skipped: number;
  failed: ImportFailure[];
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
