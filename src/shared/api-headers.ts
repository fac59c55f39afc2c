// The API's own headers, apart from the schemas so the web client imports them without TypeBox.

/** Response header of `GET /api/notes`: the cursor the list is current as of. */
export const LIST_CURSOR_HEADER = 'quire-cursor';

/**
 * Answer header of `PUT /api/notes` when the merge set text aside: the revision of the history
 * version that holds the stored text the save replaced where both sides changed the same words.
 */
export const CONFLICT_VERSION_HEADER = 'quire-conflict-version';
