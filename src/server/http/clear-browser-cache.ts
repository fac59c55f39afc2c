/**
 * The header that has the browser drop its HTTP cache of this site, sent as an account signs
 * out: attachments are cached for long, and the next person at a shared computer must not read
 * them. The service worker's offline copies are the client's to forget.
 */
export const CLEAR_BROWSER_CACHE = ['clear-site-data', '"cache"'] as const;
