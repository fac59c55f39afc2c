import { useVirtualizer } from '@tanstack/react-virtual';
import { type KeyboardEvent, useCallback, useEffect, useRef } from 'react';
import { useAppState, useController } from '../app-context.js';
import { selectSnippets, selectVisibleNoteIds } from '../state/find-selectors.js';
import { NoteListItem } from './note-list-item.js';
import './notes-list.css';

/** Every item has the same height (title and preview on one line each): no layout jumps. */
export const NOTE_ITEM_HEIGHT = 68;
export const NOTES_NAV_ID = 'notes-nav';
const LOADING = 'Loading notes…';

/** One item per note in sortedNoteIds order; only the visible ones are in the DOM. */
export function NotesList() {
  const controller = useController();
  // Not the notes or drafts themselves: each item reads its own text, so typing re-renders
  // only that item, not the whole list.
  const ids = useAppState(selectVisibleNoteIds);
  const snippets = useAppState(selectSnippets);
  const filtered = useAppState(
    (state) => state.find.hits !== null || state.find.tagFilter !== null,
  );
  const selectedId = useAppState((state) => state.selectedNoteId);
  const loaded = useAppState((state) => state.notesLoaded);
  const scroller = useRef<HTMLElement>(null);
  const idsRef = useRef(ids);
  idsRef.current = ids;
  const select = useCallback((noteId: string) => controller.selectNote(noteId), [controller]);

  const virtualizer = useVirtualizer({
    count: ids.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => NOTE_ITEM_HEIGHT,
    // No getItemKey: a new one each render makes the virtualizer lay out every item again
    // (100,000 at a time); items all have one height, so its keys need not follow the notes.
    overscan: 6,
  });

  // Bring a newly selected note into view (e.g. a created one, which goes to the top).
  useEffect(() => {
    if (selectedId === null) return;
    const index = idsRef.current.indexOf(selectedId);
    if (index >= 0) virtualizer.scrollToIndex(index, { align: 'auto' });
  }, [selectedId, virtualizer]);

  /** Moves focus to an item, scrolling it into the DOM first when it is not rendered. */
  function focusItem(index: number) {
    virtualizer.scrollToIndex(index, { align: 'auto' });
    let frames = 0;
    const tryFocus = () => {
      const link = scroller.current?.querySelector<HTMLElement>(`[data-index="${index}"] a`);
      if (link) link.focus();
      else if (++frames < 10) requestAnimationFrame(tryFocus);
    };
    tryFocus();
  }

  // Arrow keys, Home and End reach every note, even the ones not rendered yet.
  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    const item = (event.target as HTMLElement).closest<HTMLElement>('[data-index]');
    if (!item || ids.length === 0) return;
    const index = Number(item.dataset.index);
    const last = ids.length - 1;
    const next: Record<string, number> = {
      ArrowDown: Math.min(index + 1, last),
      ArrowUp: Math.max(index - 1, 0),
      Home: 0,
      End: last,
    };
    const target = next[event.key];
    if (target === undefined) return;
    event.preventDefault();
    focusItem(target);
  }

  return (
    <nav
      id={NOTES_NAV_ID}
      ref={scroller}
      className="notes-list"
      aria-label="Notes"
      // Until the whole list is in, what shows (the newest notes) is not all of it.
      aria-busy={!loaded}
      tabIndex={-1}
      onKeyDown={onKeyDown}
    >
      {!loaded && ids.length === 0 && <p className="notes-list__message">{LOADING}</p>}
      {loaded && ids.length === 0 && (
        <p className="notes-list__message" role={filtered ? 'status' : undefined}>
          {filtered ? 'No notes match.' : 'No notes yet. Press New to write your first one.'}
        </p>
      )}
      <ul className="notes-list__items" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const id = ids[item.index];
          if (id === undefined) return null;
          return (
            <NoteListItem
              key={id}
              index={item.index}
              count={ids.length}
              top={item.start}
              height={NOTE_ITEM_HEIGHT}
              noteId={id}
              snippet={snippets.get(id)}
              active={id === selectedId}
              onSelect={select}
            />
          );
        })}
      </ul>
      {/* Below the newest notes while the rest arrive, so they do not move when it is in. */}
      {!loaded && ids.length > 0 && <p className="notes-list__message">{LOADING}</p>}
    </nav>
  );
}
