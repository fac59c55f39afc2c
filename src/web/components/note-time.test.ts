import { describe, expect, it } from 'vitest';
import { formatNoteTime, formatVersionTime } from './note-time.js';

describe('formatNoteTime', () => {
  it('shows yyyy-MM-dd and the short local time', () => {
    const afternoon = new Date(2024, 0, 31, 15, 4).getTime() / 1000;
    expect(formatNoteTime(afternoon)).toBe('2024-01-31 3:04 PM');
    const morning = new Date(2025, 10, 2, 9, 30).getTime() / 1000;
    expect(formatNoteTime(morning)).toBe('2025-11-02 9:30 AM');
  });
});

describe('formatVersionTime', () => {
  it('shows the time to the second, so versions a moment apart differ', () => {
    const first = new Date(2024, 0, 31, 15, 4, 7).getTime() / 1000;
    expect(formatVersionTime(first)).toBe('2024-01-31 3:04:07 PM');
    expect(formatVersionTime(first + 2)).toBe('2024-01-31 3:04:09 PM');
  });
});
