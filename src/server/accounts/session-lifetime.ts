const DAY_SECONDS = 24 * 60 * 60;

/** How long sessions live: SESSION_IDLE_DAYS without use, SESSION_MAX_DAYS in all. */
export interface SessionLifetime {
  idleSeconds: number;
  maxSeconds: number;
}

/**
 * `time_last_seen` is written only when it is older than this, so the token check on every
 * request stays one read; idle expiry counted in days does not need a finer clock.
 */
export const LAST_SEEN_RESOLUTION_SECONDS = 60;

export function sessionLifetime(config: {
  sessionIdleDays: number;
  sessionMaxDays: number;
}): SessionLifetime {
  return {
    idleSeconds: config.sessionIdleDays * DAY_SECONDS,
    maxSeconds: config.sessionMaxDays * DAY_SECONDS,
  };
}

export function isSessionExpired(
  session: { timeCreated: number; timeLastSeen: number },
  now: number,
  lifetime: SessionLifetime,
): boolean {
  return (
    now - session.timeLastSeen >= lifetime.idleSeconds ||
    now - session.timeCreated >= lifetime.maxSeconds
  );
}

/** The cut-off times before which a session has expired. */
export function expiryLimits(now: number, lifetime: SessionLifetime) {
  return { idleBefore: now - lifetime.idleSeconds, createdBefore: now - lifetime.maxSeconds };
}
