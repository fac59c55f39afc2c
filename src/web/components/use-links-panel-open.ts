import { useCallback, useState } from 'react';
import { localStorageValue } from '../session/token-storage.js';
import { isNarrowScreen } from './screen-width.js';

/** Whether "Linked from" was left open ('1') or folded ('0') on this device. */
const stored = localStorageValue('quire.linkedFromOpen');

/**
 * "Linked from" open or folded, as the person last left it on this device; until then, open on
 * wide screens and folded on narrow ones, where the note needs the room.
 */
export function useLinksPanelOpen(): [boolean, (open: boolean) => void] {
  const [open, setOpenState] = useState(() => {
    const kept = stored.read();
    return kept === '' ? !isNarrowScreen() : kept === '1';
  });
  const setOpen = useCallback((next: boolean) => {
    stored.write(next ? '1' : '0');
    setOpenState(next);
  }, []);
  return [open, setOpen];
}
