import { format } from 'date-fns';

/** A note timestamp (Unix seconds) as year-month-day plus the short local time (spec §2.5). */
export function formatNoteTime(unixSeconds: number): string {
  return format(new Date(unixSeconds * 1000), 'yyyy-MM-dd p');
}
