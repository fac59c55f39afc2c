import { useMemo } from 'react';
import type { NoteId } from '../../shared/note.js';
import { useController } from '../app-context.js';
import type { NoteMap } from '../state/app-state.js';
import { templateName, templateNotes } from '../templates/template-notes.js';

/** A way to start a note that the quick switcher offers after the titles it found. */
export interface NoteStart {
  key: string;
  label: string;
  run(): Promise<void>;
}

/** Today's note, and a note from each template titled with what was typed. */
export function useNoteStarts(
  typed: string,
  sortedNoteIds: readonly NoteId[],
  notes: NoteMap,
): NoteStart[] {
  const controller = useController();
  const templates = useMemo(() => templateNotes({ notes, sortedNoteIds }), [notes, sortedNoteIds]);
  return useMemo(
    () => [
      { key: 'today', label: 'Today’s note', run: () => controller.starter.today() },
      ...templates.map((template) => {
        const name = templateName(template);
        return {
          key: template.id,
          label: typed ? `New “${typed}” from template: ${name}` : `New from template: ${name}`,
          run: () => controller.starter.fromTemplate(template.id, typed),
        };
      }),
    ],
    [controller, templates, typed],
  );
}
