import type { Note } from '../../shared/note.js';
import { plainTitle } from '../../shared/note-display.js';
import { isTemplateTag, TEMPLATE_TAG } from '../../shared/note-template.js';
import { linkKey, linkTitle } from '../../shared/wiki-links.js';
import type { AppState } from '../state/app-state.js';
import { tagsOf } from '../state/find-selectors.js';

/** The notes that can start a new one: tagged `#template`, in the list's order. */
export function templateNotes(state: Pick<AppState, 'notes' | 'sortedNoteIds'>): Note[] {
  const found: Note[] = [];
  for (const id of state.sortedNoteIds) {
    const note = state.notes.get(id);
    if (note && tagsOf(note).some(isTemplateTag)) found.push(note);
  }
  return found;
}

/**
 * What a template is called in menus: the name under the tag (`#template/meeting`: "meeting"),
 * else its first line, which is often a placeholder such as `# {{title}}`.
 */
export function templateName(template: Note): string {
  const nested = tagsOf(template).find((tag) => tag.startsWith(`${TEMPLATE_TAG}/`));
  if (nested) return nested.slice(TEMPLATE_TAG.length + 1);
  return plainTitle(template.body);
}

/** The note whose title is `title`, as a `[[link]]` to it would find it. */
export function noteTitled(state: AppState, title: string): Note | undefined {
  const wanted = linkKey(title);
  for (const id of state.sortedNoteIds) {
    const note = state.notes.get(id);
    const own = note ? linkTitle(note.body) : undefined;
    if (note && own !== undefined && linkKey(own) === wanted) return note;
  }
  return undefined;
}
