/**
 * Which tab writes a draft. Each tab holds a Web Lock named after itself for as long as it
 * lives, so another tab starting up leaves alone the drafts a live tab is still writing, and
 * takes over those of a tab that was closed or crashed.
 */
export interface DraftOwners {
  /** This tab. */
  readonly self: string;
  /** The tabs alive now; null when the browser cannot tell (then every draft is taken). */
  alive(): Promise<ReadonlySet<string> | null>;
}

const LOCK_PREFIX = 'quire-tab:';

export function browserDraftOwners(): DraftOwners {
  const self = crypto.randomUUID();
  // Web Locks exist in secure contexts only (HTTPS or localhost).
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  void locks?.request(`${LOCK_PREFIX}${self}`, () => new Promise<never>(() => {}));
  return {
    self,
    async alive() {
      if (!locks) return null;
      const { held = [] } = await locks.query();
      const names = held.map((lock) => lock.name ?? '');
      return new Set(
        names
          .filter((name) => name.startsWith(LOCK_PREFIX))
          .map((name) => name.slice(LOCK_PREFIX.length)),
      );
    },
  };
}

/** A tab on its own: every draft on the device is its own (tests, and no Web Locks). */
export function soleTab(): DraftOwners {
  return { self: 'this-tab', alive: async () => null };
}

/** The drafts (or kept uploads) this tab may send: its own, and those no live tab is sending. */
export async function claimable<T extends { owner?: string }>(
  drafts: readonly T[],
  owners: DraftOwners,
): Promise<T[]> {
  const alive = await owners.alive();
  return drafts.filter(
    ({ owner }) => !owner || owner === owners.self || !alive || !alive.has(owner),
  );
}
