import { randomBytes } from 'node:crypto';

/** 128 random bits, URL-safe: 22 characters. */
export const newAttachmentId = (): string => randomBytes(16).toString('base64url');

const ID = /^[A-Za-z0-9_-]{22}$/;
export const isAttachmentId = (text: string): boolean => ID.test(text);

/** The reference a note makes to an attachment (docs/attachments.md). */
export const attachmentPath = (id: string): string => `/api/attachments/${id}`;

/** Every attachment id a text refers to by its path; linear in the text's length. */
export function referencedIds(text: string): string[] {
  return [...text.matchAll(/\/api\/attachments\/([A-Za-z0-9_-]{22})(?![A-Za-z0-9_-])/g)].map(
    (match) => match[1] as string,
  );
}
