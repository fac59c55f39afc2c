import { describe, expect, it } from 'vitest';
import { ExportAttachmentNames, ExportFileNames } from './export-file-name.js';

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

describe('ExportAttachmentNames', () => {
  it('numbers repeats of a name under attachments/, ignoring case, keeping the extension', () => {
    const names = new ExportAttachmentNames();
    expect(
      ['a.png', 'A.PNG', 'a (2).png', 'a.png', 'notes', 'a.jpg'].map((n) => names.next(n)),
    ).toEqual([
      'attachments/a.png',
      'attachments/A (2).PNG',
      'attachments/a (2) (2).png',
      'attachments/a (3).png',
      'attachments/notes',
      'attachments/a.jpg',
    ]);
  });

  it('names 10,000 files of one name uniquely, a.png to a (10000).png', () => {
    const names = new ExportAttachmentNames();
    const all = Array.from({ length: 10_000 }, () => names.next('a.png'));
    expect(new Set(all).size).toBe(10_000);
    expect(all[0]).toBe('attachments/a.png');
    expect(all[1]).toBe('attachments/a (2).png');
    expect(all.at(-1)).toBe('attachments/a (10000).png');
  });
});
