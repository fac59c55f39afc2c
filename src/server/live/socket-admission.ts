/** Limits of sockets that are open but not yet authenticated. */
export interface SocketAdmissionLimits {
  perAddress: number;
  total: number;
}

export const DEFAULT_SOCKET_ADMISSION: SocketAdmissionLimits = { perAddress: 50, total: 1_000 };

/** A place among the unauthenticated sockets; `release` is safe to call more than once. */
export interface AdmissionTicket {
  release(): void;
}

/**
 * Counts sockets that have not authenticated yet, per client address and in all, so a flood
 * of idle connections cannot hold the server's memory and descriptors: past a limit, new
 * upgrades are refused before the handshake. A place is given back on authentication or close.
 */
export class SocketAdmission {
  private readonly byAddress = new Map<string, number>();
  private total = 0;

  constructor(private readonly limits: SocketAdmissionLimits) {}

  /** A ticket, or undefined when the address or the server has no room left. */
  admit(address: string): AdmissionTicket | undefined {
    const fromAddress = this.byAddress.get(address) ?? 0;
    if (fromAddress >= this.limits.perAddress || this.total >= this.limits.total) return undefined;
    this.byAddress.set(address, fromAddress + 1);
    this.total += 1;
    let held = true;
    return {
      release: () => {
        if (!held) return;
        held = false;
        this.total -= 1;
        const left = (this.byAddress.get(address) ?? 1) - 1;
        if (left === 0) this.byAddress.delete(address);
        else this.byAddress.set(address, left);
      },
    };
  }

  get unauthenticated(): number {
    return this.total;
  }
}
