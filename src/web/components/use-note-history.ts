import { useEffect, useState } from 'react';
import type { NoteId } from '../../shared/note.js';
import type { VersionSummary } from '../../shared/note-history.js';
import { useController } from '../app-context.js';

export type Loaded<T> = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; value: T };

/** The versions of a note, fetched when History opens. */
export function useVersions(noteId: NoteId): Loaded<VersionSummary[]> {
  const controller = useController();
  const [versions, setVersions] = useState<Loaded<VersionSummary[]>>({ state: 'loading' });
  useEffect(() => {
    let current = true;
    setVersions({ state: 'loading' });
    controller.history.versions(noteId).then(
      (value) => current && setVersions({ state: 'ready', value }),
      (error: unknown) => {
        console.error(error);
        if (current) setVersions({ state: 'failed' });
      },
    );
    return () => {
      current = false;
    };
  }, [controller, noteId]);
  return versions;
}

/** The text of one version, fetched when it is picked. */
export function useVersionText(noteId: NoteId, revision: number | null): Loaded<string> {
  const controller = useController();
  const [text, setText] = useState<Loaded<string>>({ state: 'loading' });
  useEffect(() => {
    if (revision === null) return;
    let current = true;
    setText({ state: 'loading' });
    controller.history.version(noteId, revision).then(
      (note) => current && setText({ state: 'ready', value: note.body }),
      (error: unknown) => {
        console.error(error);
        if (current) setText({ state: 'failed' });
      },
    );
    return () => {
      current = false;
    };
  }, [controller, noteId, revision]);
  return text;
}
