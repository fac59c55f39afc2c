import type { NoteId } from '../../shared/note.js';
import { fillTemplate } from '../../shared/note-template.js';
import { linkKey, linkTitle } from '../../shared/wiki-links.js';
import { revealWhenOpened } from '../editor/pending-place.js';
import type { AppState } from '../state/app-state.js';
import { readDailyNoteSettings } from './daily-note-settings.js';
import { dailyTitle, templateTime } from './daily-title.js';
import { noteTitled } from './template-notes.js';

export interface NoteStarterDeps {
  state(): AppState;
  create(text: string, cursor: number): Promise<void>;
  select(id: NoteId): void;
  now?: () => Date;
}

/** New notes from a template, and the note of the day, opened or made. */
export class NoteStarter {
  constructor(private readonly deps: NoteStarterDeps) {}

  /** A new note from a template, `title` filled in (left for the person to type when empty). */
  fromTemplate(templateId: NoteId, title = ''): Promise<void> {
    const template = this.deps.state().notes.get(templateId);
    const now = this.now();
    const values = { date: dailyTitle(now, 'iso'), time: templateTime(now), title };
    const filled = fillTemplate(template?.body ?? '', values);
    return this.deps.create(filled.text, filled.cursor);
  }

  /** Opens the note titled with today's date, or makes it from the chosen template. */
  async today(): Promise<void> {
    const state = this.deps.state();
    const settings = readDailyNoteSettings(state.email);
    const now = this.now();
    const title = dailyTitle(now, settings.format);
    const existing = noteTitled(state, title);
    if (existing) {
      revealWhenOpened(existing.id, { at: existing.body.length });
      this.deps.select(existing.id);
      return;
    }
    const template = settings.templateId ? state.notes.get(settings.templateId) : undefined;
    const values = { date: dailyTitle(now, 'iso'), time: templateTime(now), title };
    const filled = fillTemplate(template?.body ?? '', values);
    // The note is found again tomorrow by its title, so the title comes first whatever the template.
    const own = linkTitle(filled.text);
    if (own !== undefined && linkKey(own) === linkKey(title)) {
      await this.deps.create(filled.text, filled.cursor);
      return;
    }
    const heading = `# ${title}\n\n`;
    await this.deps.create(heading + filled.text, heading.length + filled.cursor);
  }

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }
}
