import { describe, expect, it } from 'vitest';
import { ExportFileNames } from './export-file-name.js';

describe('ExportFileNames', () => {
  it('numbers repeats of a title, ignoring case, and steps over names already taken', () => {
    const names = new ExportFileNames();
    expect(['Plan', 'Plan (2)', 'plan', 'PLAN', 'Other'].map((body) => names.next(body))).toEqual([
      'Plan.md',
      'Plan (2).md',
      'plan (3).md',
      'PLAN (4).md',
      'Other.md',
    ]);
  });

  it('names a note by its title after front matter, without what would break a [[link]] to it', () => {
    const names = new ExportFileNames();
    expect(names.next('---\naliases: [x]\n---\n# Real title')).toBe('Real title.md');
    expect(names.next('## C# [draft] ^1 `x` | y')).toBe('C draft 1 x y.md');
  });

  it('names 50,000 notes of one title uniquely, the last "(50000)"', () => {
    const names = new ExportFileNames();
    const all = Array.from({ length: 50_000 }, () => names.next('Same title'));
    expect(new Set(all).size).toBe(50_000);
    expect(all.at(-1)).toBe('Same title (50000).md');
  });
});
