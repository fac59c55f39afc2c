export interface SpellMenuOptions {
  /** Where to show the menu, in viewport coordinates. */
  left: number;
  top: number;
  suggestions: string[];
  onChoose(suggestion: string): void;
  onAddToDictionary(): void;
  /** Called once when the menu goes away; `refocus` is set when the editor should get focus. */
  onClose(refocus: boolean): void;
}

function menuItem(label: string, run?: () => void): HTMLElement {
  const item = document.createElement('div');
  item.className = 'cm-spell-menu-item';
  item.setAttribute('role', 'menuitem');
  item.tabIndex = -1;
  item.textContent = label;
  if (!run) item.setAttribute('aria-disabled', 'true');
  else item.dataset.enabled = 'true';
  return item;
}

/**
 * A small accessible menu (role="menu") of spelling suggestions plus "Add to dictionary":
 * arrow keys, Home and End move, Enter or Space choose, Escape and Tab close.
 */
export function openSpellMenu(parent: HTMLElement, options: SpellMenuOptions): () => void {
  const menu = document.createElement('div');
  menu.className = 'cm-spell-menu';
  menu.setAttribute('role', 'menu');
  menu.setAttribute('aria-label', 'Spelling suggestions');
  const actions = new Map<HTMLElement, () => void>();
  const add = (label: string, run?: () => void) => {
    const item = menuItem(label, run);
    if (run) actions.set(item, run);
    menu.append(item);
  };
  for (const suggestion of options.suggestions) add(suggestion, () => options.onChoose(suggestion));
  if (options.suggestions.length === 0) add('No suggestions');
  const separator = document.createElement('div');
  separator.className = 'cm-spell-menu-separator';
  separator.setAttribute('role', 'separator');
  menu.append(separator);
  add('Add to dictionary', options.onAddToDictionary);

  let closed = false;
  const close = (refocus: boolean) => {
    if (closed) return;
    closed = true;
    document.removeEventListener('pointerdown', onOutsidePointer, true);
    menu.remove();
    options.onClose(refocus);
  };
  // Events from inside a shadow root reach the document retargeted, hence the composed path.
  const onOutsidePointer = (event: PointerEvent) => {
    if (!event.composedPath().includes(menu)) close(false);
  };
  const focused = () => (menu.getRootNode() as Document | ShadowRoot).activeElement;
  const choose = (item: Element | null) => {
    const run = item && actions.get(item as HTMLElement);
    if (!run) return;
    close(true);
    run();
  };
  const items = [...actions.keys()];
  const move = (step: number | 'first' | 'last') => {
    const at = items.indexOf(focused() as HTMLElement);
    let next = step === 'first' ? 0 : step === 'last' ? items.length - 1 : at + step;
    next = (next + items.length) % items.length;
    items[next]?.focus();
  };

  menu.addEventListener('keydown', (event) => {
    const key = event.key;
    if (key === 'ArrowDown') move(1);
    else if (key === 'ArrowUp') move(-1);
    else if (key === 'Home') move('first');
    else if (key === 'End') move('last');
    else if (key === 'Enter' || key === ' ') choose(focused());
    else if (key === 'Escape') close(true);
    else if (key === 'Tab') close(false);
    else return;
    if (key !== 'Tab') event.preventDefault();
    event.stopPropagation();
  });
  menu.addEventListener('click', (event) => {
    choose((event.target as Element).closest('[data-enabled]'));
  });
  menu.addEventListener('mousemove', (event) => {
    const item = (event.target as Element).closest<HTMLElement>('[data-enabled]');
    if (item && item !== focused()) item.focus();
  });
  menu.addEventListener('focusout', (event) => {
    if (!menu.contains(event.relatedTarget as Node | null)) close(false);
  });
  menu.addEventListener('contextmenu', (event) => event.preventDefault());
  document.addEventListener('pointerdown', onOutsidePointer, true);

  parent.append(menu);
  // Placed in the parent's coordinates (fixed positioning breaks under transformed ancestors),
  // and kept inside both the parent and the window: flipped above the point if need be.
  const area = parent.getBoundingClientRect();
  const box = menu.getBoundingClientRect();
  const right = Math.min(area.right, window.innerWidth) - 4;
  const bottom = Math.min(area.bottom, window.innerHeight) - 4;
  const left = Math.max(area.left + 4, Math.min(options.left, right - box.width));
  const below = options.top + box.height <= bottom;
  const top = below ? options.top : Math.max(area.top + 4, options.top - box.height - 24);
  menu.style.left = `${left - area.left}px`;
  menu.style.top = `${top - area.top}px`;
  items[0]?.focus();
  return () => close(false);
}
