import { describe, expect, it } from 'vitest';
import { linkChange, linkKeysOf } from './link-keys.js';

describe('linkKeysOf', () => {
  it('reads each name linked outside code once, and the title and aliases', () => {
    const body =
      '---\naliases: [Lisboa]\n---\n# Trip\n[[Porto]] [[porto#Day|x]] `[[Code]]` [[ÉVORA]]';
    expect(linkKeysOf(body)).toEqual({ targets: ['porto', 'evora'], names: ['trip', 'lisboa'] });
    expect(linkKeysOf('')).toEqual({ targets: [], names: [] });
  });
});

describe('linkChange', () => {
  const none = undefined;

  it('is nothing for typing below the title of a note without links', () => {
    expect(linkChange('Title\nsome text', 'Title\nsome more text')).toBe(none);
    expect(linkChange('\n  Title\r\nbody', '\n  Title\r\nbody!')).toBe(none);
    expect(linkChange('Notes [[A]]\nx', 'Notes [[A]]\nxy')).toBe(none);
  });

  it('renames: the old title goes and the new one comes', () => {
    expect(linkChange('Title\nbody', 'Title 2\nbody')).toEqual({
      addTargets: [],
      removeTargets: [],
      addNames: ['title 2'],
      removeNames: ['title'],
    });
    expect(linkChange('', '\n\nFirst words')).toMatchObject({ addNames: ['first words'] });
    expect(linkChange('Only', 'Only\nline')).toBe(none);
  });

  it('follows the aliases of front matter', () => {
    expect(linkChange('---\naliases: [a]\n---\nx', '---\naliases: [a, b]\n---\nx')).toEqual({
      addTargets: [],
      removeTargets: [],
      addNames: ['b'],
      removeNames: [],
    });
  });

  it('adds and removes the names linked, and leaves code out', () => {
    expect(linkChange('T\n[[A]] [[B]]', 'T\n[[B]] `[[A]]` [[C]]')).toEqual({
      addTargets: ['c'],
      removeTargets: ['a'],
      addNames: [],
      removeNames: [],
    });
  });

  it('removes everything when a note leaves the list, and brings it back with it', () => {
    const body = 'T\n[[A]]';
    const all = { targets: ['a'], names: ['t'] };
    expect(linkChange(body, undefined)).toEqual({
      addTargets: [],
      removeTargets: all.targets,
      addNames: [],
      removeNames: all.names,
    });
    expect(linkChange(undefined, body)).toEqual({
      addTargets: all.targets,
      removeTargets: [],
      addNames: all.names,
      removeNames: [],
    });
    expect(linkChange(undefined, '')).toBe(none);
  });
});
