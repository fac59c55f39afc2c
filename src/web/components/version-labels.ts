import type { VersionReason } from '../../shared/note-history.js';

/** Why a version was kept, as the History list says it. */
export const VERSION_REASON_LABELS: Record<VersionReason, string> = {
  edit: 'Earlier text',
  conflict: 'Set aside by a merge',
  restore: 'Replaced by a restore',
  delete: 'Text when deleted',
};
