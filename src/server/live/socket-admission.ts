import { addressGroup } from './address-group.js';

/** Limits of live sockets: unauthenticated ones per address and in all, and each account's. */
export interface SocketAdmissionLimits {
  /** Unauthenticated sockets per IPv4 address or IPv6 /64. */
  perAddress: number;
  /** Unauthenticated sockets in all. */
  total: number;
  /** Authenticated sockets of one account (LIVE_SOCKETS_PER_USER). */
  perUser: number;
}

export const DEFAULT_SOCKET_ADMISSION: SocketAdmissionLimits = {
  perAddress: 50,
  total: 1_000,
  perUser: 50,
};

/** A place a socket holds; `release` is safe to call more than once. */
export interface AdmissionTicket {
  release(): void;
}

/** Counts per key, handing out tickets that give their place back. */
class PlaceCounts {
  private readonly counts = new Map<string, number>();

  count(key: string): number {
    return this.counts.get(key) ?? 0;
  }

  take(key: string, onRelease?: () => void): AdmissionTicket {
    this.counts.set(key, this.count(key) + 1);
    let held = true;
    return {
      release: () => {
        if (!held) return;
        held = false;
        onRelease?.();
        const left = this.count(key) - 1;
        if (left <= 0) this.counts.delete(key);
        else this.counts.set(key, left);
      },
    };
  }
}

/**
 * Counts live sockets so that no client and no account can hold the server's memory and
 * descriptors. Sockets that have not authenticated yet are counted per client address (an IPv6
 * address by its /64) and in all, and refused before the handshake past a limit; they give
 * their place back on authentication or close. Authenticated sockets are counted per account.
 */
export class SocketAdmission {
  private readonly byAddress = new PlaceCounts();
  private readonly byUser = new PlaceCounts();
  private total = 0;

  constructor(private readonly limits: SocketAdmissionLimits) {}

  /** A place among the unauthenticated, or undefined when the address or the server is full. */
  admit(address: string): AdmissionTicket | undefined {
    const group = addressGroup(address);
    if (this.byAddress.count(group) >= this.limits.perAddress) return undefined;
    if (this.total >= this.limits.total) return undefined;
    this.total += 1;
    return this.byAddress.take(group, () => {
      this.total -= 1;
    });
  }

  /** A place among the account's sockets, or undefined when it holds as many as it may. */
  admitUser(userId: string): AdmissionTicket | undefined {
    if (this.byUser.count(userId) >= this.limits.perUser) return undefined;
    return this.byUser.take(userId);
  }

  get unauthenticated(): number {
    return this.total;
  }
}
