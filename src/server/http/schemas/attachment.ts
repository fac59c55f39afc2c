import { Type } from '@sinclair/typebox';

/** An `Attachment` (src/shared/attachment.ts). */
export const Attachment = Type.Object({
  id: Type.String(),
  name: Type.String(),
  type: Type.String(),
  size: Type.Number(),
});

/** An `AttachmentUsage` (src/shared/attachment.ts). */
export const AttachmentUsage = Type.Object({
  used: Type.Number(),
  quota: Type.Number(),
  limit: Type.Number(),
});
