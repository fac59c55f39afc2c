import { describe, expect, it } from 'vitest';
import { checkAccess } from './route-access.js';

const session = { sessionId: 's', userId: 'u', email: 'a@example.org' };
const reader = { ...session, scopes: ['notes:read' as const] };

const refusal = (run: () => void) => {
  try {
    run();
    return undefined;
  } catch (error) {
    return { code: (error as { code: string }).code, message: (error as Error).message };
  }
};

describe('checkAccess', () => {
  it('lets a signed-in session do anything', () => {
    for (const access of ['session', 'any', 'notes:write', 'attachments'] as const) {
      expect(refusal(() => checkAccess(session, access))).toBeUndefined();
    }
  });

  it('lets a token use what its scopes allow, and what any caller may', () => {
    expect(refusal(() => checkAccess(reader, 'notes:read'))).toBeUndefined();
    expect(refusal(() => checkAccess(reader, 'any'))).toBeUndefined();
  });

  it('refuses a token other scopes, naming the one needed', () => {
    expect(refusal(() => checkAccess(reader, 'import-export'))).toEqual({
      code: 'scope_denied',
      message: expect.stringContaining('import-export'),
    });
  });

  it('never lets a token manage the account, even with every scope', () => {
    const everything = {
      ...session,
      scopes: ['notes:read', 'notes:write', 'import-export', 'attachments'] as const,
    };
    expect(refusal(() => checkAccess(everything, 'session'))?.code).toBe('session_required');
  });
});
