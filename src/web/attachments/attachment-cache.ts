/** The service worker's cache of attachments shown, for reading offline. */
export const ATTACHMENT_CACHE = 'quire-attachments';

/** Forgets every attachment kept for offline reading: the account on this device signed out. */
export function forgetCachedAttachments(): void {
  if (typeof caches === 'undefined') return;
  void caches.delete(ATTACHMENT_CACHE).catch(() => undefined);
}
