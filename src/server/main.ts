#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { openBlobs } from './attachments/attachments.js';
import { BackupError } from './backup/backup-error.js';
import { backupCommand, restoreCommand, verifyCommand } from './cli/backup-commands.js';
import { CliError } from './cli/cli-error.js';
import { attachmentPlaceOption } from './cli/copy-attachment-bytes.js';
import { copyDatabase, databaseOption } from './cli/db-copy.js';
import { exportNotes } from './cli/export-command.js';
import { loginLink } from './cli/login-link-command.js';
import { reindexCommand } from './cli/reindex-command.js';
import { serve } from './cli/serve.js';
import {
  type AnnounceSessionsEnded,
  addUser,
  changePassword,
  listUserLines,
  removeUser,
  unlockUser,
} from './cli/user-commands.js';
import { type Config, ConfigError, loadConfig } from './config.js';
import { MigrationError, migrateToLatest } from './db/migrate.js';
import type { Db } from './db/schema.js';
import { DomainError } from './domain-errors.js';
import { rebuildAskedLinkIndex } from './links/link-index-rebuilds.js';
import type { Database } from './storage/database.js';
import { DatabaseUnavailableError, openDatabase } from './storage/open-database.js';

const USAGE = `Usage: quire <command>

Commands:
  serve                   start the server (the default)
  migrate                 create or upgrade the database schema, then exit
  reindex                 rebuild the search index from the notes
  user add EMAIL          create an account (password from stdin, or asked for)
  user list               list the accounts
  user passwd EMAIL       set a new password (signs the user out everywhere)
  user unlock EMAIL       lift the lock that too many wrong two-factor codes put on an account
  user login-link EMAIL [--url URL]
                          print a link that signs the account in once, within 15 minutes (the
                          way in when single sign-on is broken); URL is Quire's address
  user delete EMAIL       delete an account with its notes (--yes skips the question)
  db copy --from DB --to DB [--force] [--from-attachments PLACE] [--to-attachments PLACE]
                          copy accounts, sessions and notes from one database to another
                          (each an SQLite file or a postgres:// URL); the target is migrated
                          first and must be empty unless --force replaces its contents.
                          Attachments go from each database's default place (files beside
                          an SQLite file, rows in PostgreSQL); PLACE (a folder, or
                          "database") names another, as ATTACHMENT_DIR/STORAGE did
  export --user EMAIL --out FILE.zip
                          write every note of an account to a zip, as "Export all notes" does
  backup DIR              write a backup (database, attachment files, manifest) into a new
                          folder under DIR named by the UTC time; safe while Quire runs
  backup verify BACKUP    restore BACKUP (its folder) into a scratch database and compare it
                          with its manifest; exits non-zero on any difference
  restore BACKUP          bring BACKUP back into the configured DATABASE_URL and ATTACHMENT_DIR,
                          which must be empty

Configuration comes from the environment: PORT, HOST, DATABASE_URL, ALLOW_SIGNUP,
AUTH_RATE_LIMIT, BODY_LIMIT, IMPORT_LIMIT, LOG_LEVEL, SCRYPT_COST, TRUST_PROXY, SESSION_IDLE_DAYS,
SESSION_MAX_DAYS, REQUEST_TIMEOUT, CONNECTION_TIMEOUT, IMPORT_TIMEOUT, LIVE_SOCKETS_PER_USER,
HSTS, ATTACHMENTS, ATTACHMENT_LIMIT, ATTACHMENT_QUOTA, ATTACHMENT_STORAGE, ATTACHMENT_DIR,
STRIP_EXIF, BACKUP_DIR, BACKUP_EVERY, BACKUP_KEEP, OIDC_ISSUER, OIDC_CLIENT_ID,
OIDC_CLIENT_SECRET(_FILE), OIDC_BUTTON_LABEL, OIDC_ALLOWED_DOMAINS, OIDC_ALLOWED_GROUPS,
OIDC_GROUPS_CLAIM, OIDC_ALLOW_ANY, OIDC_ONLY (see the README).`;

/** Runs a command against the migrated database and closes it afterwards. */
async function withDatabase(
  config: Config,
  run: (db: Db, announce: AnnounceSessionsEnded, database: Database) => Promise<string>,
): Promise<string> {
  const database = await openDatabase(config.database);
  try {
    await migrateToLatest(database.db);
    return await run(database.db, database.announceSessionsEnded, database);
  } finally {
    await database.close();
  }
}

function oneEmail(rest: string[], command: string): string {
  const [email, ...extra] = rest;
  if (!email || extra.length > 0) {
    throw new CliError(`"user ${command}" takes exactly one EMAIL\n\n${USAGE}`, 2);
  }
  return email;
}

async function run(argv: string[]): Promise<string | undefined> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      yes: { type: 'boolean', short: 'y' },
      help: { type: 'boolean', short: 'h' },
      from: { type: 'string' },
      to: { type: 'string' },
      force: { type: 'boolean' },
      'from-attachments': { type: 'string' },
      'to-attachments': { type: 'string' },
      user: { type: 'string' },
      out: { type: 'string' },
      url: { type: 'string' },
    },
  });
  if (values.help) return USAGE;
  const [command = 'serve', sub, ...rest] = positionals;
  const config = loadConfig();
  const copying = command === 'db' && sub === 'copy';
  const fromAttachments = values['from-attachments'];
  const toAttachments = values['to-attachments'];
  const copyOptions = [values.from, values.to, values.force, fromAttachments, toAttachments];
  if (!copying && copyOptions.some((value) => value !== undefined)) {
    throw new CliError(
      `--from, --to, --force and --*-attachments belong to "db copy"\n\n${USAGE}`,
      2,
    );
  }

  if (command !== 'export' && (values.user !== undefined || values.out !== undefined)) {
    throw new CliError(`--user and --out belong to "export"\n\n${USAGE}`, 2);
  }

  if (values.url !== undefined && !(command === 'user' && sub === 'login-link')) {
    throw new CliError(`--url belongs to "user login-link"\n\n${USAGE}`, 2);
  }

  if (command === 'serve' && sub === undefined) {
    await serve(config);
    return undefined;
  }
  if (command === 'migrate' && sub === undefined) {
    const database = await openDatabase(config.database);
    try {
      const ran = await migrateToLatest(database.db);
      await rebuildAskedLinkIndex(database.db);
      return ran.length > 0 ? `Database migrated: ${ran.join(', ')}` : 'Database is up to date';
    } finally {
      await database.close();
    }
  }
  if (command === 'reindex' && sub === undefined) return reindexCommand(config);
  if (copying && rest.length === 0) {
    if (values.from === undefined || values.to === undefined) {
      throw new CliError(`"db copy" needs --from and --to\n\n${USAGE}`, 2);
    }
    return copyDatabase({
      from: databaseOption('--from', values.from),
      to: databaseOption('--to', values.to),
      fromAttachments:
        fromAttachments === undefined ? undefined : attachmentPlaceOption(fromAttachments),
      toAttachments: toAttachments === undefined ? undefined : attachmentPlaceOption(toAttachments),
      force: values.force ?? false,
      progress: (line) => process.stderr.write(`${line}\n`),
    });
  }
  if (command === 'export' && sub === undefined) {
    if (values.user === undefined || values.out === undefined) {
      throw new CliError(`"export" needs --user and --out\n\n${USAGE}`, 2);
    }
    const { user, out } = values;
    return withDatabase(config, (db, _announce, database) =>
      exportNotes(
        db,
        user,
        out,
        config.attachments ? openBlobs(database, config.attachments) : undefined,
      ),
    );
  }
  if (command === 'backup') {
    if (sub === 'verify') {
      const [backup, ...extra] = rest;
      if (!backup || extra.length > 0) {
        throw new CliError(`"backup verify" takes exactly one BACKUP\n\n${USAGE}`, 2);
      }
      return verifyCommand(config, backup);
    }
    if (sub === undefined || rest.length > 0) {
      throw new CliError(`"backup" takes exactly one DIR\n\n${USAGE}`, 2);
    }
    return backupCommand(config, sub);
  }
  if (command === 'restore') {
    if (sub === undefined || rest.length > 0) {
      throw new CliError(`"restore" takes exactly one BACKUP\n\n${USAGE}`, 2);
    }
    return restoreCommand(config, sub);
  }
  if (command === 'user') {
    switch (sub) {
      case 'add':
        return withDatabase(config, (db) => addUser(db, config, oneEmail(rest, 'add')));
      case 'list':
        if (rest.length > 0) throw new CliError(`"user list" takes no arguments\n\n${USAGE}`, 2);
        return withDatabase(config, (db) => listUserLines(db));
      case 'passwd':
        return withDatabase(config, (db, announce) =>
          changePassword(db, config, oneEmail(rest, 'passwd'), announce),
        );
      case 'unlock':
        return withDatabase(config, (db) => unlockUser(db, oneEmail(rest, 'unlock')));
      case 'login-link':
        return withDatabase(config, (db) =>
          loginLink(db, config, oneEmail(rest, 'login-link'), values.url),
        );
      case 'delete':
        return withDatabase(config, (db, announce) =>
          removeUser(db, oneEmail(rest, 'delete'), values.yes ?? false, announce),
        );
    }
  }
  throw new CliError(`Unknown command: ${positionals.join(' ')}\n\n${USAGE}`, 2);
}

try {
  const output = await run(process.argv.slice(2));
  if (output !== undefined) process.stdout.write(`${output}\n`);
} catch (error) {
  const code = (error as { code?: unknown }).code;
  const usage =
    error instanceof CliError
      ? error.exitCode === 2
      : typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS');
  const known =
    error instanceof CliError ||
    error instanceof BackupError ||
    error instanceof ConfigError ||
    error instanceof DatabaseUnavailableError ||
    error instanceof MigrationError;
  const message =
    known || error instanceof DomainError || usage
      ? `${(error as Error).message}${usage && !(error instanceof CliError) ? `\n\n${USAGE}` : ''}`
      : `unexpected error: ${error instanceof Error ? error.stack : String(error)}`;
  process.stderr.write(`quire: ${message}\n`);
  process.exitCode = usage ? 2 : 1;
}
