import { useCallback, useEffect, useRef, useState } from 'react';
import { useAccountCall } from './use-account-call.js';

/**
 * A list the server keeps for the account (links, tokens, sessions), read when shown and again
 * after each change. Only the newest read is shown: an older answer arriving late would bring
 * back what was just removed. `read` and `failed` must keep their identity between renders.
 */
export function useNewestList<T>(
  read: (token: string) => Promise<T[]>,
  failed: (failure: unknown) => void,
) {
  const call = useAccountCall();
  const [items, setItems] = useState<T[] | null>(null);
  const reads = useRef(0);

  const reload = useCallback(async () => {
    const reading = ++reads.current;
    try {
      const listed = await call(read);
      if (reading === reads.current) setItems(listed);
    } catch (failure) {
      if (reading === reads.current) failed(failure);
    }
  }, [call, read, failed]);
  useEffect(() => void reload(), [reload]);

  /** Takes out what the server just removed, at once: a read already on its way may list it. */
  const removed = useCallback((gone: (item: T) => boolean) => {
    reads.current += 1;
    setItems((listed) => listed?.filter((item) => !gone(item)) ?? null);
  }, []);

  return { items, reload, removed };
}
