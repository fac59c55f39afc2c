import { describe, expect, it } from 'vitest';
import { backlinkOf } from './backlinks.js';

const note = (body: string) => ({
  id: 'n',
  body,
  timeCreated: 1,
  timeLastModified: 1,
  revision: 1,
});
const names = new Set(['lisbon trip', 'lisboa']);

describe('backlinkOf', () => {
  it('answers the first link leading to one of the names, with its line and offset', () => {
    const body = 'Plan\n\nfirst [[Porto]], then [[LISBOA|the capital]] and [[Lisbon trip]]\nmore';
    const link = backlinkOf(note(body), names);
    expect(link.at).toBe(body.indexOf('[[LISBOA'));
    expect(link.snippet).toBe('first [[Porto]], then [[LISBOA|the capital]] and [[Lisbon trip]]');
  });

  it('passes over links in code, before and after the real one', () => {
    const body = 'Plan\n```\n[[Lisbon trip]]\n```\n`[[lisboa]]` and\r\n  [[Lisbon trip#Day 1]]  \n';
    const link = backlinkOf(note(body), names);
    expect(link.at).toBe(body.indexOf('[[Lisbon trip#'));
    expect(link.snippet).toBe('[[Lisbon trip#Day 1]]');
  });

  it('passes over an escaped link and reads one that follows a stray bracket', () => {
    const escaped = 'Plan\n\\[[Lisbon trip]] then [[lisboa]]';
    expect(backlinkOf(note(escaped), names).at).toBe(escaped.indexOf('[[lisboa'));
    const stray = 'Plan\n[[[Lisbon trip]]';
    expect(backlinkOf(note(stray), names).at).toBe(stray.indexOf('[[L'));
  });

  it('cuts a long line around the link, never inside a character', () => {
    const body = `Plan\n${'😀'.repeat(200)} [[Lisbon trip]] ${'x'.repeat(300)}`;
    const link = backlinkOf(note(body), names);
    expect(link.snippet.length).toBeLessThanOrEqual(202);
    expect(link.snippet.startsWith('…')).toBe(true);
    expect(link.snippet.endsWith('…')).toBe(true);
    expect(link.snippet).toContain('[[Lisbon trip]]');
    expect(link.snippet.isWellFormed()).toBe(true);
  });
});
