import { plainTitle } from '../../shared/note-display.js';
import {
  SHARE_EVENT_GONE,
  SHARE_EVENT_NOTE,
  type SharedNote,
  type SharedTagNote,
  sharedNotePath,
} from '../../shared/shares.js';
import { linkKey } from '../../shared/wiki-links.js';
import { drawRichContent } from '../preview/draw-rich-content.js';
import { noteLinkTarget } from '../preview/note-links-extension.js';
import { renderMarkdown } from '../preview/render-markdown.js';
import '../styles/base.css';
import '../preview/note-preview.css';
import './share-page.css';

// The share page's script: renders the note the server put in the page as the preview does,
// follows its saves, and opens a link behind a password. A tag's list is the server's alone.

/** This page's path: the link's own, or a note's of a tag's link; its files and stream are under it. */
const base = window.location.pathname.replace(/\/+$/, '');
/** The link's own path, `/s/{token}`: where its password is given and a tag's notes are listed. */
const linkPath = /^\/s\/[^/]+/.exec(base)?.[0] ?? base;

/** The note's files, as the link serves them: only those it refers to. */
const withSharedFiles = (text: string) => text.replaceAll('/api/attachments/', `${base}/files/`);

/**
 * Links to other notes: those the link shares too open here, within it; the others are words,
 * so nothing says whether such a note exists.
 */
function sharedNoteLinks(root: HTMLElement, within: Record<string, string>): void {
  for (const link of root.querySelectorAll<HTMLAnchorElement>('a.note-preview__note-link')) {
    const target = noteLinkTarget(link.getAttribute('href') ?? '');
    const key = target === null ? undefined : linkKey(target);
    const noteId = key !== undefined && Object.hasOwn(within, key) ? within[key] : undefined;
    if (noteId !== undefined) {
      link.href = sharedNotePath(linkPath, noteId);
      link.className = 'share__note-link';
      continue;
    }
    const words = document.createElement('span');
    words.className = 'share__plain-link';
    words.textContent = link.textContent;
    link.replaceWith(words);
  }
}

function showNotes(article: HTMLElement, first: SharedNote | SharedTagNote): void {
  const within = 'links' in first ? first.links : {};
  let shown = 0;
  let stopDrawing = () => {};
  const show = (note: SharedNote) => {
    if (note.revision <= shown) return;
    shown = note.revision;
    stopDrawing();
    article.innerHTML = renderMarkdown(withSharedFiles(note.body), () => false);
    sharedNoteLinks(article, within);
    stopDrawing = drawRichContent(article);
    document.title = plainTitle(note.body);
  };
  show(first);
  const events = new EventSource(`${base}/events`);
  events.addEventListener(SHARE_EVENT_NOTE, (event) => show(JSON.parse(event.data) as SharedNote));
  // The link was revoked, expired or changed: the page as the server now answers it.
  events.addEventListener(SHARE_EVENT_GONE, () => {
    events.close();
    window.location.reload();
  });
}

function unlockForm(form: HTMLFormElement): void {
  const error = form.querySelector<HTMLElement>('#share-error');
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const password = new FormData(form).get('password');
    const answer = await fetch(`${linkPath}/unlock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ password }),
    }).catch(() => undefined);
    if (answer?.ok) {
      window.location.reload();
      return;
    }
    const said = (await answer?.json().catch(() => undefined)) as { error?: string } | undefined;
    if (error) error.textContent = said?.error ?? 'Quire cannot be reached; try again';
  });
}

const article = document.getElementById('share-note');
const data = document.getElementById('share-data');
const form = document.getElementById('share-unlock');
if (article && data) showNotes(article, JSON.parse(data.textContent ?? '') as SharedNote);
if (form instanceof HTMLFormElement) unlockForm(form);
