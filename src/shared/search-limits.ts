// What a search accepts, apart from the schemas so the web client imports it without TypeBox.

/** Longest search text accepted; longer asks for a shorter one (400). */
export const SEARCH_QUERY_MAX_LENGTH = 1000;
export const SEARCH_LIMIT_DEFAULT = 50;
export const SEARCH_LIMIT_MAX = 200;
