import type { Static } from '@sinclair/typebox';
import { expectTypeOf, it } from 'vitest';
import type * as Accounts from '../../../shared/account-security.js';
import type * as Errors from '../../../shared/api-error.js';
import type * as Tokens from '../../../shared/api-tokens.js';
import type * as Attachments from '../../../shared/attachment.js';
import type * as Backlinks from '../../../shared/backlinks.js';
import type * as Notes from '../../../shared/note.js';
import type * as Changes from '../../../shared/note-changes.js';
import type * as History from '../../../shared/note-history.js';
import type * as Transfer from '../../../shared/note-transfer.js';
import type * as Renames from '../../../shared/rename-links-request.js';
import type * as Search from '../../../shared/search.js';
import type * as Shares from '../../../shared/shares.js';
import type * as AccountSchemas from './account-security.js';
import type * as ErrorSchemas from './api-error.js';
import type * as TokenSchemas from './api-tokens.js';
import type * as AttachmentSchemas from './attachment.js';
import type * as BacklinkSchemas from './backlinks.js';
import type * as NoteSchemas from './note.js';
import type * as ChangeSchemas from './note-changes.js';
import type * as HistorySchemas from './note-history.js';
import type * as TransferSchemas from './note-transfer.js';
import type * as RenameSchemas from './rename-links.js';
import type * as SearchSchemas from './search.js';
import type * as ShareSchemas from './shares.js';

// The client reads the API's shapes as plain types (src/shared), so it never loads a schema;
// the server checks requests and answers with these schemas. The compiler holds them equal:
// `npm run typecheck` fails here when one changes without the other.

it('describes notes as the client reads them', () => {
  expectTypeOf<Static<typeof NoteSchemas.NoteSchema>>().toEqualTypeOf<Notes.Note>();
  expectTypeOf<
    Static<typeof NoteSchemas.UpdateNoteRequest>
  >().toEqualTypeOf<Notes.UpdateNoteRequest>();
  expectTypeOf<
    Static<typeof ChangeSchemas.NoteChangesResponse>
  >().toEqualTypeOf<Changes.NoteChangesResponse>();
});

it('describes history and the trash as the client reads them', () => {
  expectTypeOf<
    Static<typeof HistorySchemas.VersionReason>
  >().toEqualTypeOf<History.VersionReason>();
  expectTypeOf<
    Static<typeof HistorySchemas.VersionSummary>
  >().toEqualTypeOf<History.VersionSummary>();
  expectTypeOf<
    Static<typeof HistorySchemas.TrashedNoteSchema>
  >().toEqualTypeOf<History.TrashedNote>();
});

it('describes search, attachments and imports as the client reads them', () => {
  expectTypeOf<Static<typeof SearchSchemas.SearchResult>>().toEqualTypeOf<Search.SearchResult>();
  expectTypeOf<
    Static<typeof SearchSchemas.SearchResponse>
  >().toEqualTypeOf<Search.SearchResponse>();
  expectTypeOf<
    Static<typeof AttachmentSchemas.Attachment>
  >().toEqualTypeOf<Attachments.Attachment>();
  expectTypeOf<
    Static<typeof AttachmentSchemas.AttachmentUsage>
  >().toEqualTypeOf<Attachments.AttachmentUsage>();
  expectTypeOf<
    Static<typeof TransferSchemas.ImportSummary>
  >().toEqualTypeOf<Transfer.ImportSummary>();
});

it('describes accounts and errors as the client reads them', () => {
  expectTypeOf<
    Static<typeof AccountSchemas.AccountResponse>
  >().toEqualTypeOf<Accounts.AccountResponse>();
  expectTypeOf<
    Static<typeof AccountSchemas.TotpSetupResponse>
  >().toEqualTypeOf<Accounts.TotpSetupResponse>();
  expectTypeOf<
    Static<typeof AccountSchemas.SessionListResponse>
  >().toEqualTypeOf<Accounts.SessionListResponse>();
  // The schema takes any code; the client's type names the ones the server sends.
  expectTypeOf<Errors.ErrorResponse>().toExtend<Static<typeof ErrorSchemas.ErrorResponse>>();
});

it('describes links between notes as the client reads them', () => {
  expectTypeOf<
    Static<typeof BacklinkSchemas.BacklinksResponse>
  >().toEqualTypeOf<Backlinks.BacklinksResponse>();
  expectTypeOf<
    Static<typeof RenameSchemas.RenameLinksRequest>
  >().toEqualTypeOf<Renames.RenameLinksRequest>();
  expectTypeOf<
    Static<typeof RenameSchemas.RenameLinksResponse>
  >().toEqualTypeOf<Renames.RenameLinksResponse>();
});

it('describes API tokens as the client reads them', () => {
  expectTypeOf<
    Static<typeof TokenSchemas.ApiTokenListResponse>
  >().toEqualTypeOf<Tokens.ApiTokenListResponse>();
  expectTypeOf<
    Static<typeof TokenSchemas.CreateApiTokenRequest>
  >().toEqualTypeOf<Tokens.CreateApiTokenRequest>();
  expectTypeOf<
    Static<typeof TokenSchemas.CreateApiTokenResponse>
  >().toEqualTypeOf<Tokens.CreateApiTokenResponse>();
});

it('describes share links as the client reads them', () => {
  expectTypeOf<
    Static<typeof ShareSchemas.ShareListResponse>
  >().toEqualTypeOf<Shares.ShareListResponse>();
  expectTypeOf<
    Static<typeof ShareSchemas.CreateShareRequest>
  >().toEqualTypeOf<Shares.CreateShareRequest>();
  expectTypeOf<
    Static<typeof ShareSchemas.CreateTagShareRequest>
  >().toEqualTypeOf<Shares.CreateTagShareRequest>();
  expectTypeOf<
    Static<typeof ShareSchemas.UpdateShareRequest>
  >().toEqualTypeOf<Shares.UpdateShareRequest>();
  expectTypeOf<
    Static<typeof ShareSchemas.CreateShareResponse>
  >().toEqualTypeOf<Shares.CreateShareResponse>();
});
