/** A file stored for an account: `POST /api/attachments` answers with it. */
export interface Attachment {
  id: string;
  /** The name it was uploaded with. */
  name: string;
  /** Its media type, read from its bytes. */
  type: string;
  /** Its size in bytes as stored. */
  size: number;
}

/** `GET /api/attachments/usage`: what the account holds and may hold. */
export interface AttachmentUsage {
  used: number;
  quota: number;
  /** The largest file one upload takes. */
  limit: number;
}
