/**
 * Image types a browser shows as a picture and never runs: these are served `inline`. SVG is
 * not among them: it can hold script, so it is only ever a download (an `<img>` still shows it,
 * as images never run script).
 */
const INLINE_TYPES = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/avif',
  'image/bmp',
]);

/** A file name for Content-Disposition: the ASCII fallback and the exact name (RFC 6266). */
function dispositionName(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * Headers that keep an attachment from ever running script in Quire's origin, whatever its
 * bytes: a sandbox with no script, no guessing at the type, and a download for anything but
 * a plain picture.
 */
export function safeServingHeaders(attachment: {
  name: string;
  type: string;
}): Record<string, string> {
  const disposition = INLINE_TYPES.has(attachment.type) ? 'inline' : 'attachment';
  return {
    'content-type': attachment.type.startsWith('text/')
      ? `${attachment.type}; charset=utf-8`
      : attachment.type,
    'content-security-policy':
      "sandbox; default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'",
    'x-content-type-options': 'nosniff',
    'content-disposition': `${disposition}; ${dispositionName(attachment.name)}`,
    'cross-origin-resource-policy': 'same-origin',
  };
}
