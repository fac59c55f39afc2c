import type { TokenStorage } from '../session/token-storage.js';
import { forgetCachedAttachments } from './attachment-cache.js';

/**
 * Whether this server takes attachments: unknown until asked, false with ATTACHMENTS=false
 * (the routes are not there), true once the access cookie is set.
 */
export const attachmentSupport = { available: false };

/**
 * Sets the cookie that lets `<img>` and links read attachments (docs/security.md): the
 * browser sends it with those reads only, never with the token header's other requests.
 */
export async function grantAttachmentAccess(token: string): Promise<void> {
  if (token === '') return;
  try {
    const response = await fetch('/api/attachments/access', {
      method: 'POST',
      headers: { token },
      cache: 'no-store',
    });
    attachmentSupport.available = response.status === 204;
  } catch {
    // offline: asked again when the connection is back
  }
}

function dropAttachmentAccess(): void {
  attachmentSupport.available = false;
  forgetCachedAttachments();
  void fetch('/api/attachments/access', { method: 'DELETE' }).catch(() => undefined);
}

/** The token storage, with the access cookie following the token in and out. */
export function withAttachmentAccess(storage: TokenStorage): TokenStorage {
  return {
    read: () => storage.read(),
    write(token) {
      storage.write(token);
      void grantAttachmentAccess(token);
    },
    clear() {
      storage.clear();
      dropAttachmentAccess();
    },
  };
}
