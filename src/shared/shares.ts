/**
 * Public share links: a note, or the notes of a tag, that anyone may read by its link, without
 * an account. The link's token is the only secret; the server keeps its hash, so the whole link
 * is shown once, when made.
 */

/** Where a share page lives: `/s/{token}`. */
export const SHARE_PATH_PREFIX = '/s/';

export const shareAddress = (token: string): string => `${SHARE_PATH_PREFIX}${token}`;

/** Characters of the token kept in the clear, so the owner tells links apart in the list. */
export const SHARE_HINT_LENGTH = 6;

/** Enough for every page one person publishes; a runaway loop of creations stops here. */
export const MAX_SHARES_PER_ACCOUNT = 500;

/** One share link as `GET /api/shares` lists it; times in Unix seconds. */
export interface ShareInfo {
  id: string;
  /** The shared note; null for a tag's link. */
  noteId: string | null;
  /** The shared tag as written (no `#`); null for a note's link. */
  tag: string | null;
  /** A tag's link shares the notes of the tags nested under it too. */
  nestedTags: boolean;
  /** The note's title now, or `#tag`, so the list says what it shares. */
  title: string;
  /** The start of the link's token, to tell links apart; the rest is never shown again. */
  hint: string;
  timeCreated: number;
  /** When the link stops working; null: never. */
  timeExpires: number | null;
  /** Whether a password is asked before the note shows. */
  hasPassword: boolean;
  /** Search engines may index the page; off by default (`X-Robots-Tag: noindex`). */
  allowSearchEngines: boolean;
  views: number;
  timeLastView: number | null;
}

export interface ShareListResponse {
  results: ShareInfo[];
}

/** `POST /api/notes/{id}/shares`. */
export interface CreateShareRequest {
  /** Unix seconds in the future, or null (or left out) for a link that never expires. */
  timeExpires?: number | null;
  /** A password the reader must give; left out or null for none. */
  password?: string | null;
  allowSearchEngines?: boolean;
}

/** `POST /api/tags/shares`: a link to every listed note that carries the tag. */
export interface CreateTagShareRequest extends CreateShareRequest {
  /** The tag as written, without its `#`. */
  tag: string;
  /** Its nested tags' notes too (`#projects/work` under `#projects`). */
  nestedTags?: boolean;
}

/** The new link, shown whole this once, with what the list will say of it. */
export interface CreateShareResponse extends ShareInfo {
  /** The page's path, `/s/{token}`: put the server's address before it. */
  path: string;
}

/** `PATCH /api/shares/{id}`: what is given changes; `password: null` removes the password. */
export interface UpdateShareRequest {
  timeExpires?: number | null;
  password?: string | null;
  allowSearchEngines?: boolean;
}

/** What a share page reads: the note's text and revision, never its owner or its id. */
export interface SharedNote {
  body: string;
  revision: number;
  timeLastModified: number;
}

/**
 * A note page of a tag's link: the note, and the shared note each name leads to (a `linkKey`
 * to a note id), as in the app. A link to a note outside the link stays words.
 */
export interface SharedTagNote extends SharedNote {
  links: Record<string, string>;
}

/** Where a note of a tag's link shows: `/s/{token}/notes/{id}`. */
export const sharedNotePath = (linkPath: string, noteId: string): string =>
  `${linkPath}/notes/${encodeURIComponent(noteId)}`;

/** Events of a share page's stream (`/s/{token}/events`). */
export const SHARE_EVENT_NOTE = 'note';
/** The link was revoked, expired or its note left: the page says so and stops. */
export const SHARE_EVENT_GONE = 'gone';
