import { format } from 'date-fns';

/** Unix seconds as year-month-day and short local time (docs/interface.md#the-note-pane). */
export function formatNoteTime(unixSeconds: number): string {
  return format(new Date(unixSeconds * 1000), 'yyyy-MM-dd p');
}

/**
 * A version's time, to the second: versions saved a moment apart (a burst of typing, a merge)
 * are told apart in History.
 */
export function formatVersionTime(unixSeconds: number): string {
  return format(new Date(unixSeconds * 1000), 'yyyy-MM-dd pp');
}
