import type { Attachment } from '../../shared/attachment.js';

/** The path a note refers to an attachment by (docs/attachments.md). */
export const attachmentPath = (id: string): string => `/api/attachments/${id}`;

/** Types shown as pictures: in the editor below their line, and in the preview. */
const PICTURES = /^image\/(png|jpeg|gif|webp|avif|bmp|svg\+xml)$/;
export const isPicture = (type: string): boolean => PICTURES.test(type);

/** A size as people read it, in the binary units quotas are set in: 820 bytes, 14 KB, 3.2 MB, 1.0 GB. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 ** 2) return `${Math.round(bytes / 1024)} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
}

/** A short name for a media type: "PDF", "PNG", or the type itself. */
export function describeType(type: string): string {
  const known: Record<string, string> = {
    'application/pdf': 'PDF',
    'application/zip': 'ZIP',
    'text/plain': 'Text',
    'application/octet-stream': 'File',
  };
  const sub = type.split('/')[1] ?? type;
  return known[type] ?? (type.startsWith('image/') ? sub.replace('+xml', '').toUpperCase() : type);
}

const escapeLabel = (name: string) => name.replace(/[\\[\]]/g, '\\$&').replace(/\n/g, ' ');

/**
 * The Markdown that refers to an attachment: a picture as an image, anything else as a link
 * whose title says its type and size, which the file's chip shows.
 */
export function referenceTo(attachment: Attachment): string {
  const label = escapeLabel(attachment.name);
  const path = attachmentPath(attachment.id);
  if (isPicture(attachment.type)) return `![${label}](${path})`;
  return `[${label}](${path} "${describeType(attachment.type)}, ${formatSize(attachment.size)}")`;
}

export interface AttachmentReference {
  /** Where in the text the reference starts and ends. */
  from: number;
  to: number;
  picture: boolean;
  label: string;
  id: string;
  /** The link's title: the file's type and size. */
  title: string;
}

const REFERENCE =
  /(!?)\[((?:[^\]\\\n]|\\.){0,500})\]\(\/api\/attachments\/([A-Za-z0-9_-]{22})(?:\s+"([^"\n]{0,200})")?\)/g;

/** Every attachment reference in a line or text; linear in its length. */
export function findReferences(text: string): AttachmentReference[] {
  return [...text.matchAll(REFERENCE)].map((match) => ({
    from: match.index,
    to: match.index + match[0].length,
    picture: match[1] === '!',
    label: (match[2] ?? '').replace(/\\(.)/g, '$1'),
    id: match[3] as string,
    title: match[4] ?? '',
  }));
}
