import { describe, expect, it } from 'vitest';
import {
  notAttached,
  onLateRefusal,
  reportLateRefusal,
  withLateReference,
} from './late-references.js';

const late = (pos: number, before: string) => ({ noteId: 'n', reference: '![a](/x)', pos, before });

describe('withLateReference', () => {
  it('puts the reference where it was to go when the text is as it was', () => {
    expect(withLateReference('Trip: \nmore', late(6, 'Trip: '))).toBe('Trip: ![a](/x)\nmore');
  });

  it('follows the text it came after when the note changed before it', () => {
    expect(withLateReference('New line\nTrip: \nmore', late(6, 'Trip: '))).toBe(
      'New line\nTrip: ![a](/x)\nmore',
    );
  });

  it('goes on a line of its own at the end when its place cannot be found', () => {
    expect(withLateReference('All rewritten', late(6, 'Trip: '))).toBe('All rewritten\n![a](/x)');
    expect(withLateReference('', late(0, ''))).toBe('![a](/x)');
  });
});

describe('a refusal after the note left the editor', () => {
  it('reaches the app while it listens, and names the file and the reason', () => {
    const told: string[] = [];
    const stop = onLateRefusal(({ name, reason }) => told.push(notAttached(name, reason)));
    expect(reportLateRefusal({ name: 'scan.pdf', reason: 'A file may be at most 25 MiB' })).toBe(
      true,
    );
    expect(told).toEqual(['“scan.pdf” could not be attached: A file may be at most 25 MiB']);
    stop();
    expect(reportLateRefusal({ name: 'b.png', reason: 'no' })).toBe(false);
  });
});
