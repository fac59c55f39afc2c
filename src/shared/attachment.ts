import { type Static, Type } from '@sinclair/typebox';

/** A file stored for an account: `POST /api/attachments` answers with it. */
export const Attachment = Type.Object({
  id: Type.String(),
  /** The name it was uploaded with. */
  name: Type.String(),
  /** Its media type, read from its bytes. */
  type: Type.String(),
  /** Its size in bytes as stored. */
  size: Type.Number(),
});
export type Attachment = Static<typeof Attachment>;

/** `GET /api/attachments/usage`: what the account holds and may hold. */
export const AttachmentUsage = Type.Object({
  used: Type.Number(),
  quota: Type.Number(),
  /** The largest file one upload takes. */
  limit: Type.Number(),
});
export type AttachmentUsage = Static<typeof AttachmentUsage>;
