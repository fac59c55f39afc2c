import { useAppState, useController } from '../app-context.js';
import { selectTagFilterShown } from '../state/find-selectors.js';
import { SearchIcon } from './find-icons.js';
import { ShareButton } from './share/share-button.js';
import './search-field.css';
import { TagsPopover } from './tags-popover.js';
import './tags-popover.css';

export const SEARCH_FIELD_ID = 'search-notes';

/**
 * "Search notes" above the list: results as you type; Esc or an empty field brings the list
 * back. On wide screens "Tags" sits at its end.
 */
export function SearchField() {
  const controller = useController();
  const text = useAppState((state) => state.find.searchText);
  const tag = useAppState(selectTagFilterShown);
  return (
    <search className="search-field">
      <SearchIcon />
      <input
        id={SEARCH_FIELD_ID}
        className="search-field__input"
        type="search"
        placeholder="Search notes"
        aria-label="Search notes"
        autoComplete="off"
        spellCheck={false}
        value={text}
        onChange={(event) => controller.find.search(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key !== 'Escape') return;
          event.preventDefault();
          controller.find.search('');
        }}
      />
      {tag !== null && (
        <button
          className="search-field__tag"
          type="button"
          aria-label={`Remove the tag filter #${tag}`}
          onClick={() => controller.find.filterByTag(null)}
        >
          #{tag} ×
        </button>
      )}
      {tag !== null && <ShareButton tag={tag} />}
      <TagsPopover />
    </search>
  );
}
