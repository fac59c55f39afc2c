import { describe, expect, it } from 'vitest';
import { claimable, type DraftOwners, soleTab } from './draft-owners.js';

const draft = (noteId: string, owner?: string) => ({
  noteId,
  text: noteId,
  baseRevision: 1,
  owner,
});

describe('claimable', () => {
  const drafts = [
    draft('mine', 'me'),
    draft('live', 'other'),
    draft('closed', 'gone'),
    draft('old'),
  ];

  it('leaves the drafts of other open tabs alone and takes the rest', async () => {
    const owners: DraftOwners = { self: 'me', alive: async () => new Set(['me', 'other']) };
    const taken = await claimable(drafts, owners);
    expect(taken.map((d) => d.noteId)).toEqual(['mine', 'closed', 'old']);
  });

  it('takes every draft when the browser cannot tell which tabs are open', async () => {
    expect(await claimable(drafts, soleTab())).toHaveLength(4);
  });
});
