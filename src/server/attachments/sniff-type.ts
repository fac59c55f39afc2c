import { fileTypeFromBuffer } from 'file-type';

/** How much of a file's start the type is read from: what `file-type` itself looks at. */
export const SNIFF_BYTES = 4100;

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/** True when the bytes are UTF-8 without NULs; a multi-byte character cut at the end is fine. */
function looksLikeText(head: Uint8Array): boolean {
  if (head.includes(0)) return false;
  for (let cut = 0; cut <= Math.min(3, head.length); cut += 1) {
    try {
      UTF8.decode(head.subarray(0, head.length - cut));
      return true;
    } catch {
      // try again without the last bytes, which may be half a character
    }
  }
  return false;
}

/** An XML document whose first element is `<svg`: markup before it is only declarations. */
function looksLikeSvg(head: Uint8Array): boolean {
  const text = Buffer.from(head).toString('latin1');
  const start = text.indexOf('<svg');
  if (start < 0 || !/[\s>/]/.test(text[start + 4] ?? '')) return false;
  const before = text.slice(0, start).replace(/^\uFEFF|^\u00EF\u00BB\u00BF/, '');
  return /^\s*(<[?!][^<>]*>\s*)*$/.test(before);
}

/**
 * The media type of a file, from its first bytes (never from its name): what `file-type`
 * recognizes (SVG told apart from other XML), else plain text or unknown bytes. HTML is plain text here: it is never
 * shown as a page.
 */
export async function sniffType(head: Uint8Array): Promise<string> {
  const found = await fileTypeFromBuffer(head);
  // file-type calls any XML application/xml, SVG included.
  if ((!found || found.mime === 'application/xml') && looksLikeSvg(head)) return 'image/svg+xml';
  if (found) return found.mime;
  return looksLikeText(head) ? 'text/plain' : 'application/octet-stream';
}
