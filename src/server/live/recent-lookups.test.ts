import { expect, it } from 'vitest';
import { RecentLookups } from './recent-lookups.js';

it('keeps no lookup that was under way when what it read may have changed', () => {
  const lookups = new RecentLookups<string>({ now: () => 0 });
  const before = lookups.lookup();
  lookups.outdateLookups(); // a save while the read was under way
  lookups.keep('k', 'as read before the save', before);
  expect(lookups.get('k')).toBeUndefined();
  lookups.keep('k', 'as read after it', lookups.lookup());
  expect(lookups.get('k')).toBe('as read after it');
});
