/** One upload's share of its account's bytes in flight. */
export interface UploadInFlight {
  /** Counts bytes just received; answers the account's bytes in flight, these included. */
  received(bytes: number): number;
  /** Stops counting this upload's bytes: it was stored, or refused. */
  end(): void;
}

/**
 * The bytes each account's uploads under way on this instance have received so far. They are
 * on disk before the upload's row has its size, so the quota counts them as they arrive: many
 * uploads held open before their last byte cannot fill the disk past the account's quota.
 */
export class UploadsInFlight {
  private readonly byAccount = new Map<string, number>();

  /** What the account's uploads under way have received. */
  bytes(userId: string): number {
    return this.byAccount.get(userId) ?? 0;
  }

  begin(userId: string): UploadInFlight {
    let mine = 0;
    const change = (delta: number) => {
      const total = this.bytes(userId) + delta;
      if (total > 0) this.byAccount.set(userId, total);
      else this.byAccount.delete(userId);
      return total;
    };
    return {
      received: (bytes) => {
        mine += bytes;
        return change(bytes);
      },
      end: () => {
        change(-mine);
        mine = 0;
      },
    };
  }
}
