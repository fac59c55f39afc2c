import { describe, expect, it, vi } from 'vitest';
import { CredentialsRejectedError } from '../api/session-api.js';
import { setup, useFakeClockQuietly } from './app-controller-harness.js';

describe('a sign-in handed over in the address at start-up', () => {
  useFakeClockQuietly();

  it('spends the code for a session, which replaces a stored one', async () => {
    const { controller, state, api, storedToken } = setup('older');
    await controller.start({ kind: 'code', code: 'from-the-cli' });
    await vi.advanceTimersByTimeAsync(0);
    expect(api.redeemSignInCode).toHaveBeenCalledWith('from-the-cli');
    expect(storedToken()).toBe('code-token');
    expect(state()).toMatchObject({ startup: 'done', token: 'code-token' });
    expect(controller.takeSignInProblem()).toBeUndefined();
  });

  it('spends the code the provider left in a cookie when the address names none', async () => {
    const { controller, state, api } = setup();
    await controller.start({ kind: 'cookie' });
    expect(api.redeemSignInCode).toHaveBeenCalledWith(undefined);
    expect(state().token).toBe('code-token');
  });

  it('stays logged out with the reason when the code is refused or the provider said no', async () => {
    const refused = setup();
    const error = new CredentialsRejectedError(401, 'unauthorized', 'expired');
    refused.api.redeemSignInCode.mockRejectedValueOnce(error);
    await refused.controller.start({ kind: 'code', code: 'used' });
    expect(refused.state()).toMatchObject({ startup: 'done', token: '' });
    expect(refused.controller.takeSignInProblem()).toEqual({ codeRefused: error });
    expect(refused.controller.takeSignInProblem()).toBeUndefined();

    const denied = setup();
    await denied.controller.start({ kind: 'failed', reason: 'not_allowed' });
    expect(denied.api.redeemSignInCode).not.toHaveBeenCalled();
    expect(denied.controller.takeSignInProblem()).toEqual({ reason: 'not_allowed' });
  });
});
