import { describe, expect, it } from 'vitest';
import { linkTarget } from './link-target.js';

describe('linkTarget', () => {
  it('opens web and mail addresses, completing www. and bare emails', () => {
    expect(linkTarget('https://example.org/a?b=1#c')).toBe('https://example.org/a?b=1#c');
    expect(linkTarget('<http://example.org>')).toBe('http://example.org/');
    expect(linkTarget('www.example.org/x')).toBe('https://www.example.org/x');
    expect(linkTarget('someone@example.org')).toBe('mailto:someone@example.org');
    expect(linkTarget('MAILTO:a@b.org')).toBe('mailto:a@b.org');
  });

  it('opens nothing that could run script or stay inside the app', () => {
    expect(linkTarget('javascript:alert(1)')).toBeNull();
    expect(linkTarget('data:text/html,<b>x</b>')).toBeNull();
    expect(linkTarget('notes/other.md')).toBeNull();
    expect(linkTarget('#section')).toBeNull();
    expect(linkTarget('https://')).toBeNull();
  });
});
