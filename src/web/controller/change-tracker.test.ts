import { describe, expect, it } from 'vitest';
import { ChangeTracker } from './change-tracker.js';

describe('ChangeTracker', () => {
  it('lists the notes changed after a mark', () => {
    const tracker = new ChangeTracker();
    tracker.changed('a');
    const mark = tracker.mark();
    expect(tracker.changedSince(mark)).toEqual([]);
    tracker.changed('b');
    tracker.changed('a');
    expect(tracker.changedSince(mark).sort()).toEqual(['a', 'b']);
    tracker.clear();
    expect(tracker.changedSince(mark)).toEqual([]);
  });
});
