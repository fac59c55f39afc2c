import { describe, expect, it, vi } from 'vitest';
import { parseSignInHash, takeSignInHandoff } from './sign-in-handoff.js';

describe('the sign-in hand-off in the address', () => {
  it('reads a code, the cookie hand-off and a failure, and nothing else', () => {
    expect(parseSignInHash('#sign-in')).toEqual({ kind: 'cookie' });
    expect(parseSignInHash('#sign-in=abc_DEF-123')).toEqual({ kind: 'code', code: 'abc_DEF-123' });
    expect(parseSignInHash('#sign-in-error=not_allowed')).toEqual({
      kind: 'failed',
      reason: 'not_allowed',
    });
    expect(parseSignInHash('#sign-in-error=<script>')).toEqual({
      kind: 'failed',
      reason: 'failed',
    });
    expect(parseSignInHash('#sign-in=bad code')).toBeUndefined();
    expect(parseSignInHash('#note-1')).toBeUndefined();
    expect(parseSignInHash('')).toBeUndefined();
  });

  it('takes the code out of the address at once, and leaves other addresses alone', () => {
    const history = { state: null, replaceState: vi.fn() };
    const handoff = takeSignInHandoff({ hash: '#sign-in=abc', pathname: '/', search: '' }, history);
    expect(handoff).toEqual({ kind: 'code', code: 'abc' });
    expect(history.replaceState).toHaveBeenCalledWith(null, '', '/');
    history.replaceState.mockClear();
    takeSignInHandoff({ hash: '#elsewhere', pathname: '/', search: '?x=1' }, history);
    expect(history.replaceState).not.toHaveBeenCalled();
  });
});
