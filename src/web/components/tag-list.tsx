import { type CSSProperties, useId } from 'react';
import { parentTag } from '../../shared/note-tags.js';
import { useAppState, useController } from '../app-context.js';
import { selectTagCounts } from '../state/find-selectors.js';
import { TagIcon } from './find-icons.js';
import './tag-list.css';

/**
 * "Tags" (in the side menu, and beside the search on wide screens): each `#tag` with its note
 * count; choosing one filters the list. A nested tag (`#projects/work`) sits under its parent
 * as a tree, named by its last part; the parent's count and filter take in the notes of the
 * tags under it. `onChosen` is told once a tag was chosen (its popover closes).
 */
export function TagList({ onChosen }: { onChosen?: () => void }) {
  const controller = useController();
  const tags = useAppState(selectTagCounts);
  const chosen = useAppState((state) => state.find.tagFilter);
  const titleId = useId();

  function choose(tag: string | null) {
    controller.find.filterByTag(tag);
    controller.toggleMenu(false);
    onChosen?.();
  }

  return (
    <section className="tag-list" aria-labelledby={titleId}>
      <h3 id={titleId} className="tag-list__title">
        Tags
      </h3>
      {tags.length === 0 ? (
        <p className="tag-list__empty">Write #word in a note to tag it.</p>
      ) : (
        <ul className="tag-list__items">
          {chosen !== null && (
            <li>
              <button className="tag-list__tag" type="button" onClick={() => choose(null)}>
                All notes
              </button>
            </li>
          )}
          {tags.map(({ tag, shown, count }) => {
            const parent = parentTag(shown);
            const depth = tag.split('/').length - 1;
            return (
              <li key={tag} style={{ '--tag-depth': depth } as CSSProperties}>
                <button
                  className="tag-list__tag"
                  type="button"
                  aria-pressed={tag === chosen}
                  onClick={() => choose(tag === chosen ? null : tag)}
                >
                  <TagIcon />
                  <span className="tag-list__name">
                    {parent === undefined ? (
                      `#${shown}`
                    ) : (
                      <>
                        <span className="visually-hidden">#{parent}/</span>
                        {shown.slice(parent.length + 1)}
                      </>
                    )}
                  </span>
                  <span className="tag-list__count">
                    {count}
                    <span className="visually-hidden"> {count === 1 ? 'note' : 'notes'}</span>
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
