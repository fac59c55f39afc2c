import { describe, expect, it } from 'vitest';
import { firstUnlinkedMention, linkMention } from './unlinked-mention.js';

describe('firstUnlinkedMention', () => {
  it('finds the title as whole words, in any case, outside links', () => {
    const body = 'The [[Lisbon trip]] plan; lisbon  TRIP photos; Lisbon trips';
    const mention = firstUnlinkedMention(body, 'Lisbon trip');
    expect(mention && body.slice(mention.from, mention.to)).toBe('lisbon  TRIP');
    expect(mention && linkMention(body, mention)).toBe(
      'The [[Lisbon trip]] plan; [[lisbon  TRIP]] photos; Lisbon trips',
    );
  });

  it('finds nothing in other words, across lines, or when every mention is linked', () => {
    expect(firstUnlinkedMention('Lisbon\ntrip', 'Lisbon trip')).toBeUndefined();
    expect(firstUnlinkedMention('Lisbontrip, xLisbon trip', 'Lisbon trip')).toBeUndefined();
    expect(
      firstUnlinkedMention('[[a|Lisbon trip]] [[Lisbon trip]]', 'Lisbon trip'),
    ).toBeUndefined();
    expect(firstUnlinkedMention('anything', '   ')).toBeUndefined();
  });

  it('reads titles with signs as plain text, in time linear in the note', () => {
    expect(firstUnlinkedMention('C++ (draft)? yes', 'c++ (draft)?')).toEqual({ from: 0, to: 12 });
    const linked = '[[Plan]] '.repeat(50_000);
    const started = performance.now();
    expect(firstUnlinkedMention(`${linked}plan`, 'Plan')).toEqual({
      from: linked.length,
      to: linked.length + 4,
    });
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
