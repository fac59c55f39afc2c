import { describe, expect, it } from 'vitest';
import { escapePostgresText, unescapePostgresText } from './postgres-text.js';

const samples = [
  '',
  'plain text',
  '\u0000',
  '\u0001',
  '\u0002',
  '\u0001\u0001',
  '\u0001\u0002',
  'nul:\u0000:end\u0000',
  '\u0000\u0001\u0002\u0000\u0001',
  'emoji 😀 and مرحبا and \u0001 escape',
  '\ud83d\ude00\u0001\u0000\u{10ffff}',
];

describe('text stored on PostgreSQL', () => {
  it('holds no NUL once escaped, and decodes back exactly', () => {
    for (const text of samples) {
      const stored = escapePostgresText(text);
      expect(stored.includes('\u0000'), JSON.stringify(text)).toBe(false);
      expect(unescapePostgresText(stored)).toBe(text);
    }
  });

  it('leaves text without NUL or U+0001 unchanged', () => {
    expect(escapePostgresText('plain 😀 text')).toBe('plain 😀 text');
    expect(unescapePostgresText('plain 😀 text')).toBe('plain 😀 text');
  });

  it('keeps equality and code-point order, as byte-wise collation sees them', () => {
    const byCodePoint = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));
    for (const a of samples) {
      for (const b of samples) {
        const original = Math.sign(byCodePoint(a, b));
        const stored = Math.sign(byCodePoint(escapePostgresText(a), escapePostgresText(b)));
        expect(stored, `${JSON.stringify(a)} vs ${JSON.stringify(b)}`).toBe(original);
      }
    }
  });

  it('keeps a stray escape character it did not write', () => {
    expect(unescapePostgresText('a\u0001b\u0001')).toBe('a\u0001b\u0001');
  });
});
