import { describe, expect, it } from 'vitest';
import { formatNoteTime } from './note-time.js';

describe('formatNoteTime', () => {
  it('shows yyyy-MM-dd and the short local time', () => {
    const afternoon = new Date(2024, 0, 31, 15, 4).getTime() / 1000;
    expect(formatNoteTime(afternoon)).toBe('2024-01-31 3:04 PM');
    const morning = new Date(2025, 10, 2, 9, 30).getTime() / 1000;
    expect(formatNoteTime(morning)).toBe('2025-11-02 9:30 AM');
  });
});
