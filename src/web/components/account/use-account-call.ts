import { useCallback } from 'react';
import { AccountRequestError } from '../../api/account-api.js';
import { useController } from '../../app-context.js';

/**
 * Runs an Account screen call with the current token. A 401 means the session itself ended:
 * the app goes to Log In, as for any other call.
 */
export function useAccountCall() {
  const controller = useController();
  return useCallback(
    async <T>(call: (token: string) => Promise<T>): Promise<T> => {
      try {
        return await call(controller.store.getState().token);
      } catch (error) {
        if (error instanceof AccountRequestError && error.code === 'unauthorized') {
          controller.sessionRejected();
        }
        throw error;
      }
    },
    [controller],
  );
}
