import type { Migration } from 'kysely';
import * as initial from './0001-initial.js';
import * as postgresByteOrder from './0002-postgres-byte-order.js';
import * as noteHistory from './0003-note-history.js';
import * as searchIndex from './0004-search-index.js';
import * as accountSecurity from './0005-account-security.js';
import * as importKeys from './0006-import-keys.js';
import * as changeTombstones from './0007-change-tombstones.js';
import * as searchRecency from './0008-search-recency.js';
import * as searchCatchUp from './0009-search-catch-up.js';
import * as searchQueueOrder from './0010-search-queue-order.js';
import * as noteSnapshotTime from './0011-note-snapshot-time.js';
import * as searchSpacelessGrams from './0012-search-spaceless-grams.js';
import * as searchMergeWhenIdle from './0013-search-merge-when-idle.js';
import * as postgresChangeSnapshots from './0014-postgres-change-snapshots.js';
import * as postgresSearchQueue from './0015-postgres-search-queue.js';
import * as postgresSpacelessGrams from './0016-postgres-spaceless-grams.js';
import * as listOrderIndex from './0017-list-order-index.js';
import * as searchSpacelessTags from './0018-search-spaceless-tags.js';
import * as searchQueueKeepsPlace from './0019-search-queue-keeps-place.js';
import * as postgresWordBreaks from './0020-postgres-word-breaks.js';
import * as secondFactorFailures from './0021-second-factor-failures.js';
import * as searchEnglishStems from './0022-search-english-stems.js';
import * as noteSyncLog from './0023-note-sync-log.js';
import * as historyListedTime from './0024-history-listed-time.js';
import * as attachments from './0025-attachments.js';
import * as noteLinks from './0026-note-links.js';
import * as backupRuns from './0027-backup-runs.js';
import * as apiTokens from './0028-api-tokens.js';
import * as signInLinks from './0029-sign-in-links.js';
import * as spellingSettings from './0030-spelling-settings.js';
import * as shares from './0031-shares.js';
import * as markdownReaderIndex from './0032-markdown-reader-index.js';
import * as postgresTagsRead from './0033-postgres-tags-read.js';

/** Every migration, by name; names sort in the order they run. Add new ones at the end. */
export const migrations: Record<string, Migration> = {
  '0001-initial': initial,
  '0002-postgres-byte-order': postgresByteOrder,
  '0003-note-history': noteHistory,
  '0004-search-index': searchIndex,
  '0005-account-security': accountSecurity,
  '0006-import-keys': importKeys,
  '0007-change-tombstones': changeTombstones,
  '0008-search-recency': searchRecency,
  '0009-search-catch-up': searchCatchUp,
  '0010-search-queue-order': searchQueueOrder,
  '0011-note-snapshot-time': noteSnapshotTime,
  '0012-search-spaceless-grams': searchSpacelessGrams,
  '0013-search-merge-when-idle': searchMergeWhenIdle,
  '0014-postgres-change-snapshots': postgresChangeSnapshots,
  '0015-postgres-search-queue': postgresSearchQueue,
  '0016-postgres-spaceless-grams': postgresSpacelessGrams,
  '0017-list-order-index': listOrderIndex,
  '0018-search-spaceless-tags': searchSpacelessTags,
  '0019-search-queue-keeps-place': searchQueueKeepsPlace,
  '0020-postgres-word-breaks': postgresWordBreaks,
  '0021-second-factor-failures': secondFactorFailures,
  '0022-search-english-stems': searchEnglishStems,
  '0023-note-sync-log': noteSyncLog,
  '0024-history-listed-time': historyListedTime,
  '0025-attachments': attachments,
  '0026-note-links': noteLinks,
  '0027-backup-runs': backupRuns,
  '0028-api-tokens': apiTokens,
  '0029-sign-in-links': signInLinks,
  '0030-spelling-settings': spellingSettings,
  '0031-shares': shares,
  '0032-markdown-reader-index': markdownReaderIndex,
  '0033-postgres-tags-read': postgresTagsRead,
};
