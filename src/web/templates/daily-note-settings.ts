import type { NoteId } from '../../shared/note.js';
import { localStorageValue } from '../session/token-storage.js';
import { type DailyTitleFormat, isDailyTitleFormat } from './daily-title.js';

/** How "Today's note" is titled and which template it starts from (none: a title line only). */
export interface DailyNoteSettings {
  format: DailyTitleFormat;
  templateId: NoteId | null;
}

export const DEFAULT_DAILY_NOTE_SETTINGS: DailyNoteSettings = { format: 'iso', templateId: null };

/** Kept on this device, per account, so it works offline as the rest of the notes do. */
const storedFor = (email: string) => localStorageValue(`quire.dailyNote.${email.toLowerCase()}`);

export function readDailyNoteSettings(email: string): DailyNoteSettings {
  try {
    const kept = JSON.parse(storedFor(email).read() || '{}') as Record<string, unknown>;
    return {
      format: isDailyTitleFormat(kept.format) ? kept.format : DEFAULT_DAILY_NOTE_SETTINGS.format,
      templateId: typeof kept.templateId === 'string' ? kept.templateId : null,
    };
  } catch {
    return DEFAULT_DAILY_NOTE_SETTINGS;
  }
}

export function writeDailyNoteSettings(email: string, settings: DailyNoteSettings): void {
  storedFor(email).write(JSON.stringify(settings));
}
