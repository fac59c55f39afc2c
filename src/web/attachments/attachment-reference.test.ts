import { describe, expect, it } from 'vitest';
import { findReferences, formatSize, referenceTo } from './attachment-reference.js';

const ID = 'k1VhTq9x0Rr1c8mBoWwHzA';

describe('attachment references', () => {
  it('writes a picture as an image and any other file as a link titled with its type and size', () => {
    expect(referenceTo({ id: ID, name: 'board.png', type: 'image/png', size: 10 })).toBe(
      `![board.png](/api/attachments/${ID})`,
    );
    expect(
      referenceTo({ id: ID, name: 'a [draft].pdf', type: 'application/pdf', size: 2_516_582 }),
    ).toBe(`[a \\[draft\\].pdf](/api/attachments/${ID} "PDF, 2.4 MB")`);
  });

  it('reads back what it writes, and nothing that only looks alike', () => {
    const text = `See ${referenceTo({ id: ID, name: 'a [draft].pdf', type: 'application/pdf', size: 900 })} and ![x](/api/attachments/short) and [y](https://example.org/api/attachments/${ID})`;
    expect(findReferences(text)).toEqual([
      {
        from: 4,
        to: 4 + `[a \\[draft\\].pdf](/api/attachments/${ID} "PDF, 900 bytes")`.length,
        picture: false,
        label: 'a [draft].pdf',
        id: ID,
        title: 'PDF, 900 bytes',
      },
    ]);
  });

  it('says sizes as people read them', () => {
    expect([999, 14_200, 3_355_443, 1024 ** 3].map((bytes) => formatSize(bytes))).toEqual([
      '999 bytes',
      '14 KB',
      '3.2 MB',
      '1.0 GB',
    ]);
  });
});
