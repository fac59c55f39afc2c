import { describe, expect, it } from 'vitest';
import { SessionCache } from './session-cache.js';
import type { StoredSession } from './session-repository.js';

const session = (sessionId: string, userId = 'ada'): StoredSession => ({
  sessionId,
  userId,
  email: `${userId}@example.com`,
  timeCreated: 1,
  timeLastSeen: 1,
});

function cacheAt(options: { maxAgeMs?: number } = {}) {
  const clock = { ms: 0, writesElsewhere: 0 };
  const cache = new SessionCache({
    ...options,
    now: () => clock.ms,
    writesElsewhere: () => clock.writesElsewhere,
  });
  const keep = (tokenHash: string, kept: StoredSession) =>
    cache.keep(tokenHash, kept, cache.lookup());
  return { cache, clock, keep };
}

describe('the session cache', () => {
  it('trusts a session it read for a few seconds, then reads it again', () => {
    const { cache, clock, keep } = cacheAt({ maxAgeMs: 5_000 });
    keep('t1', session('s1'));
    clock.ms = 5_000;
    expect(cache.get('t1')).toEqual(session('s1'));
    clock.ms = 5_001;
    expect(cache.get('t1')).toBeUndefined();
  });

  it('forgets the sessions that ended, and only those', () => {
    const { cache, keep } = cacheAt();
    keep('t1', session('s1'));
    keep('t2', session('s2'));
    keep('t3', session('s3'));
    keep('g1', session('g1', 'grace'));
    cache.forget({ userId: 'ada', sessionIds: ['s1'] });
    expect(cache.get('t1')).toBeUndefined();
    expect(cache.get('t2')).toEqual(session('s2'));
    cache.forget({ userId: 'ada', exceptSessionId: 's3' });
    expect(cache.get('t2')).toBeUndefined();
    expect(cache.get('t3')).toEqual(session('s3'));
    expect(cache.get('g1')).toEqual(session('g1', 'grace'));
  });

  it('does not keep a session read before its end was announced', () => {
    const { cache } = cacheAt();
    const since = cache.lookup();
    cache.forget({ userId: 'ada', sessionIds: ['s1'] }); // while the read was under way
    cache.keep('t1', session('s1'), since);
    expect(cache.get('t1')).toBeUndefined();
  });

  it('forgets everything once another process writes to the database', () => {
    const { cache, clock, keep } = cacheAt();
    keep('t1', session('s1'));
    clock.writesElsewhere = 1;
    expect(cache.get('t1')).toBeUndefined();
    keep('t1', session('s1'));
    expect(cache.get('t1')).toEqual(session('s1'));
  });

  it('keeps nothing when sessions may be trusted for no time at all', () => {
    const { cache, keep } = cacheAt({ maxAgeMs: 0 });
    keep('t1', session('s1'));
    expect(cache.get('t1')).toBeUndefined();
  });
});
