import { Fragment, useDeferredValue, useEffect, useRef, useState } from 'react';
import { useAppState, useController } from '../app-context.js';
import { rankTitles, type TitleMatch } from '../find/rank-titles.js';
import { focusEditor } from './focus-places.js';
import { ModalDialog } from './modal-dialog.js';
import { useNoteStarts } from './use-note-starts.js';
import './quick-switcher.css';

const SHOWN = 50;

/** The title with its matched characters marked, in runs. */
function HighlightedTitle({ title, indices }: { title: string; indices: number[] }) {
  const marked = new Set(indices);
  const runs: { text: string; marked: boolean; at: number }[] = [];
  for (let at = 0; at < title.length; at += 1) {
    const last = runs.at(-1);
    if (last && last.marked === marked.has(at)) last.text += title[at];
    else runs.push({ text: title[at] ?? '', marked: marked.has(at), at });
  }
  return (
    <>
      {runs.map((run) =>
        run.marked ? (
          <mark key={run.at}>{run.text}</mark>
        ) : (
          <Fragment key={run.at}>{run.text}</Fragment>
        ),
      )}
    </>
  );
}

/** Ctrl/Cmd+P: type part of a title, arrows to choose, Enter opens the note. */
export function QuickSwitcher() {
  const controller = useController();
  const ids = useAppState((state) => state.sortedNoteIds);
  const notes = useAppState((state) => state.notes);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const deferredQuery = useDeferredValue(query);
  const [matches, setMatches] = useState<TitleMatch[]>([]);
  const starts = useNoteStarts(query.trim(), ids, notes);
  const optionCount = matches.length + starts.length;
  // A note chosen: the keyboard goes on in its editor, not back where it was.
  const chosen = useRef(false);

  useEffect(() => {
    setMatches(rankTitles(deferredQuery, ids, notes, SHOWN));
    setActive(0);
  }, [deferredQuery, ids, notes]);

  useEffect(() => {
    document.getElementById(`quick-switcher-${active}`)?.scrollIntoView({ block: 'nearest' });
  }, [active]);

  function open(match: TitleMatch | undefined) {
    if (!match) return;
    chosen.current = true;
    controller.find.open(match.id);
  }

  function choose(index: number) {
    const start = starts[index - matches.length];
    if (!start) return open(matches[index]);
    chosen.current = true;
    controller.find.openDialog(null);
    void start.run();
  }

  return (
    <ModalDialog
      title="Open a note"
      className="quick-switcher"
      onClose={() => controller.find.openDialog(null)}
      focusOnClose={() => chosen.current && focusEditor()}
    >
      <input
        className="quick-switcher__input"
        // The attribute (which React's autoFocus does not write) tells showModal where to start.
        ref={(input) => input?.setAttribute('autofocus', '')}
        type="text"
        role="combobox"
        aria-label="Note title"
        aria-expanded="true"
        aria-controls="quick-switcher-list quick-switcher-starts"
        aria-activedescendant={active < optionCount ? `quick-switcher-${active}` : undefined}
        aria-autocomplete="list"
        placeholder="Type a title…"
        autoComplete="off"
        spellCheck={false}
        value={query}
        onChange={(event) => setQuery(event.currentTarget.value)}
        onKeyDown={(event) => {
          const moves: Record<string, number> = { ArrowDown: 1, ArrowUp: -1 };
          const move = moves[event.key];
          if (move !== undefined) {
            event.preventDefault();
            setActive((index) => Math.max(0, Math.min(optionCount - 1, index + move)));
          } else if (event.key === 'Enter') {
            event.preventDefault();
            choose(active);
          }
        }}
      />
      <div
        id="quick-switcher-list"
        className="quick-switcher__list"
        role="listbox"
        aria-label="Notes"
      >
        {matches.map((match, index) => (
          // Options are chosen with the arrows in the field (aria-activedescendant), or clicked.
          // biome-ignore lint/a11y/useKeyWithClickEvents: the field above handles the keys
          <div
            key={match.id}
            tabIndex={-1}
            id={`quick-switcher-${index}`}
            data-index={index}
            role="option"
            aria-selected={index === active}
            className="quick-switcher__option"
            onPointerDown={(event) => event.preventDefault()}
            onClick={() => open(match)}
          >
            <HighlightedTitle title={match.title} indices={match.match.indices} />
          </div>
        ))}
      </div>
      {matches.length === 0 && (
        <p className="quick-switcher__empty" role="status">
          No note title matches.
        </p>
      )}
      <div
        id="quick-switcher-starts"
        className="quick-switcher__starts"
        role="listbox"
        aria-label="Start a note"
      >
        {starts.map((start, at) => {
          const index = matches.length + at;
          return (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the field above handles the keys
            <div
              key={start.key}
              tabIndex={-1}
              id={`quick-switcher-${index}`}
              data-index={index}
              role="option"
              aria-selected={index === active}
              className="quick-switcher__option quick-switcher__option--start"
              onPointerDown={(event) => event.preventDefault()}
              onClick={() => choose(index)}
            >
              {start.label}
            </div>
          );
        })}
      </div>
    </ModalDialog>
  );
}
