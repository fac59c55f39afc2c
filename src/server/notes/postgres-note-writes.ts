import { prepared } from '../db/prepared-query.js';
import type { Db } from '../db/schema.js';
import { asBuffer, type LogEntry } from '../sync/document-log.js';
import { NOTE_COLUMNS } from './note-columns.js';
import {
  insertNoteRow,
  type NewNote,
  type NextRevision,
  type NoteWrites,
  type Replacing,
  revisionUpdate,
} from './note-writes.js';
import { nextFromSequence } from './postgres-change-clock.js';
import type { VersionRow } from './version-repository.js';

const insertNoteSequenced = prepared((db: Db, p: NewNote) =>
  insertNoteRow(db, p, nextFromSequence),
);

/** The replaced text's own values, named apart from the revision's. */
interface ReplacedText extends Replacing {
  replacedBody: string;
  replacedDeltaStart: number | null;
  replacedDeltaEnd: number | null;
  replacedTimeLastModified: number;
  replacedTimeArchived: number;
  replacedReason: string;
  replacedKept: number;
}

/** The revision's document update, named apart too. */
interface LoggedUpdate {
  loggedUpdate: Buffer;
  loggedTimeStored: number;
  loggedSessionId: string | null;
  loggedClientId: string | null;
}

// PostgreSQL stores a revision, the text it replaces and its document update in one statement:
// the version and log rows are inserted from the updated row, so only when the note was still
// at the revision read.
const writeSequencedRevision = prepared((db: Db, p: NextRevision & ReplacedText & LoggedUpdate) =>
  db
    .with('next', (db) =>
      revisionUpdate(db, p, nextFromSequence).returning([...NOTE_COLUMNS, 'user_id', 'change_seq']),
    )
    .with('archived', (db) =>
      db
        .insertInto('note_versions')
        .columns([
          'note_id',
          'user_id',
          'revision',
          'body',
          'delta_start',
          'delta_end',
          'time_last_modified',
          'time_archived',
          'reason',
          'kept',
        ])
        .expression((eb) =>
          eb
            .selectFrom('next')
            .select((eb) => [
              'next.id',
              'next.user_id',
              eb.cast<number>(eb.val(p.replacing), 'bigint').as('revision'),
              eb.cast<string>(eb.val(p.replacedBody), 'text').as('body'),
              eb.cast<number | null>(eb.val(p.replacedDeltaStart), 'bigint').as('delta_start'),
              eb.cast<number | null>(eb.val(p.replacedDeltaEnd), 'bigint').as('delta_end'),
              eb
                .cast<number>(eb.val(p.replacedTimeLastModified), 'bigint')
                .as('time_last_modified'),
              eb.cast<number>(eb.val(p.replacedTimeArchived), 'bigint').as('time_archived'),
              eb.cast<string>(eb.val(p.replacedReason), 'text').as('reason'),
              eb.cast<number>(eb.val(p.replacedKept), 'integer').as('kept'),
            ]),
        ),
    )
    .with('logged', (db) =>
      db
        .insertInto('note_sync_updates')
        .columns(['note_id', 'revision', 'update', 'time_stored', 'session_id', 'client_id'])
        .expression((eb) =>
          eb
            .selectFrom('next')
            .select((eb) => [
              'next.id',
              'next.revision',
              eb.cast<Buffer>(eb.val(p.loggedUpdate), 'bytea').as('update'),
              eb.cast<number>(eb.val(p.loggedTimeStored), 'bigint').as('time_stored'),
              eb.cast<string | null>(eb.val(p.loggedSessionId), 'text').as('session_id'),
              eb.cast<string | null>(eb.val(p.loggedClientId), 'text').as('client_id'),
            ]),
        ),
    )
    .selectFrom('next')
    .select([...NOTE_COLUMNS, 'change_seq']),
);

const loggedUpdate = (entry: LogEntry): LoggedUpdate => ({
  loggedUpdate: asBuffer(entry.update),
  loggedTimeStored: entry.timeStored,
  loggedSessionId: entry.sessionId,
  loggedClientId: entry.clientId,
});

const replacedText = (replaced: VersionRow) => ({
  replacedBody: replaced.body,
  replacedDeltaStart: replaced.deltaStart,
  replacedDeltaEnd: replaced.deltaEnd,
  replacedTimeLastModified: replaced.timeLastModified,
  replacedTimeArchived: replaced.timeArchived,
  replacedReason: replaced.reason,
  replacedKept: replaced.kept,
});

/**
 * PostgreSQL runs writes side by side: a row read for a write is locked until the transaction
 * ends, so writes to one note take turns and each sees the last one's revision. Each write is
 * one statement, taking its change number from the sequence, so a save needs no transaction
 * around it.
 */
export const postgresNoteWrites: NoteWrites = {
  forWrite: (query) => query.forUpdate(),
  insert: (db, row) => insertNoteSequenced.executeTakeFirst(db, row),
  revise: (db, next, replaced, entry) =>
    writeSequencedRevision.executeTakeFirst(db, {
      ...next,
      ...replacedText(replaced),
      ...loggedUpdate(entry),
    }),
};
