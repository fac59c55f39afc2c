import { type MouseEvent, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import type { LinkActions } from '../editor/codemirror/note-actions.js';
import type { NoteMap } from '../state/app-state.js';
import { drawRichContent } from './draw-rich-content.js';
import { headingKey, headingLinkTarget } from './heading-links-extension.js';
import { noteLinkTarget } from './note-links-extension.js';
import { renderMarkdown } from './render-markdown.js';
import { toggleTask } from './task-list.js';
import './note-preview.css';

export interface NotePreviewProps {
  text: string;
  /** The note's new text after a task box was ticked; saved like typing. */
  onChange?(text: string): void;
  /** Where `[[links]]` lead; without it they show as found and do nothing. */
  links?: LinkActions;
  /**
   * The notes as they are: links are drawn again when they change (a note made or renamed),
   * and `![[embeds]]` show their text.
   */
  notes?: NoteMap;
}

/** The note's own task boxes: those of an embedded note are its, shown but never ticked here. */
const boxesIn = (article: HTMLElement) =>
  Array.from(article.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')).filter(
    (box) => !box.closest('[data-embed]'),
  );

/** The note rendered as Markdown; a lazy chunk, loaded the first time Preview is pressed. */
export default function NotePreview({ text, onChange, links, notes }: NotePreviewProps) {
  const html = useMemo(() => {
    const noteOf = (target: string) => {
      const id = links?.resolveLink(target);
      return id === undefined ? undefined : notes?.get(id);
    };
    return renderMarkdown(
      text,
      (target) => !links || links.resolveLink(target) !== undefined,
      (target) => noteOf(target)?.body,
    );
  }, [text, links, notes]);
  const article = useRef<HTMLElement>(null);

  // The renderer draws task boxes disabled; here they tick, and each is named by its task.
  // biome-ignore lint/correctness/useExhaustiveDependencies: new HTML means new boxes to set up
  useLayoutEffect(() => {
    if (!article.current || !onChange) return;
    for (const box of boxesIn(article.current)) {
      box.disabled = false;
      const task = box.closest('li')?.textContent?.trim();
      if (task) box.setAttribute('aria-label', task);
      // A label around it: on a phone its padding is the larger place a finger can hit.
      if (box.parentElement?.classList.contains('note-preview__task-hit')) continue;
      const hit = document.createElement('label');
      hit.className = 'note-preview__task-hit';
      box.replaceWith(hit);
      hit.append(box);
    }
  }, [html, onChange]);

  // Formulas and diagrams are drawn into the rendered note once it is in the page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: new HTML means new things to draw
  useEffect(() => (article.current ? drawRichContent(article.current) : undefined), [html]);

  /** A click on a `[[link]]` opens its note here (or creates it), never another page. */
  function openNoteLink(event: MouseEvent<HTMLElement>): boolean {
    const anchor = event.target instanceof Element ? event.target.closest('a') : null;
    const target = anchor && noteLinkTarget(anchor.getAttribute('href') ?? '');
    if (target === null || target === undefined) return false;
    event.preventDefault();
    if (!links) return true;
    const id = links.resolveLink(target);
    if (id === undefined) links.createLinkedNote(target);
    else links.openNote(id);
    return true;
  }

  /**
   * A click on a link within the note (`[[#Heading]]`, a footnote and its way back) scrolls to
   * what it names and puts the focus there; the address stays the note's.
   */
  function followInNoteLink(event: MouseEvent<HTMLElement>): boolean {
    const anchor = event.target instanceof Element ? event.target.closest('a') : null;
    const href = anchor?.getAttribute('href') ?? '';
    if (!href.startsWith('#') || noteLinkTarget(href) !== null) return false;
    event.preventDefault();
    const heading = headingLinkTarget(href);
    const article = event.currentTarget;
    const found =
      heading === null
        ? article.querySelector<HTMLElement>(`[id="${CSS.escape(href.slice(1))}"]`)
        : [...article.querySelectorAll<HTMLElement>('h1, h2, h3, h4, h5, h6')].find(
            (each) => headingKey(each.textContent ?? '') === headingKey(heading),
          );
    if (!found) return true;
    found.scrollIntoView({ block: 'center' });
    if (!found.matches('a, button, input')) found.tabIndex = -1;
    found.focus({ preventScroll: true });
    return true;
  }

  function onClick(event: MouseEvent<HTMLElement>) {
    if (openNoteLink(event) || followInNoteLink(event)) return;
    const box = event.target;
    if (!(box instanceof HTMLInputElement) || box.type !== 'checkbox' || !onChange) return;
    const boxes = boxesIn(event.currentTarget);
    if (!boxes.includes(box)) return;
    // The click has already flipped this box; what was shown is the other state.
    const shown = boxes.map((each) => (each === box ? !each.checked : each.checked));
    const changed = toggleTask(text, boxes.indexOf(box), shown);
    if (changed === null) event.preventDefault();
    else onChange(changed);
  }

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the clicks come from checkboxes, which Space ticks
    <article
      ref={article}
      className="note-preview"
      aria-label="Preview"
      onClick={onClick}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by DOMPurify in renderMarkdown
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
