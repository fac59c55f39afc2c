/** Backups as `GET /api/health` reports them, for monitors and the Account screen. */
export interface BackupTimes {
  /** When the newest finished backup was made, Unix seconds; null before the first. */
  timeLastGood: number | null;
  /** When a backup last restored into a scratch database and matched its manifest. */
  timeLastVerified: number | null;
}
