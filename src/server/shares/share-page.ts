import fs from 'node:fs';
import path from 'node:path';
import { escapeHtml } from '../../shared/escape-html.js';
import type { Note } from '../../shared/note.js';
import { noteDisplay, UNTITLED_TITLE } from '../../shared/note-display.js';
import { type SharedNote, type SharedTagNote, sharedNotePath } from '../../shared/shares.js';

/**
 * The share page's frame as the web build made it (src/web/share.html): its script and styles,
 * and two marks the server fills, in the head and in the body.
 */
const HEAD_MARK = '<!--share:head-->';
const BODY_MARK = '<!--share:body-->';

/** Without a web build the page still shows the note's text, unrendered. */
const PLAIN_FRAME = `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">${HEAD_MARK}</head>
<body><main class="share">${BODY_MARK}</main></body></html>`;

export interface SharePageParts {
  title: string;
  /** Search engines may index the page. */
  indexable: boolean;
  body: string;
}

/** Fills the frame; everything put in it is escaped here or built from escaped parts. */
export function sharePageFrame(webClientDir: string): (parts: SharePageParts) => string {
  const file = path.join(webClientDir, 'share.html');
  const frame = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : PLAIN_FRAME;
  const [beforeHead, rest = ''] = frame.split(HEAD_MARK);
  const [between, afterBody = ''] = rest.split(BODY_MARK);
  return ({ title, indexable, body }) => {
    const robots = indexable ? '' : '<meta name="robots" content="noindex, nofollow">';
    const head = `<title>${escapeHtml(title)}</title>${robots}`;
    return `${beforeHead}${head}${between}${body}${afterBody}`;
  };
}

/** JSON safe inside a `<script type="application/json">`: no `<` can end the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** The list a note of a tag's link belongs to: where it is, and its name (`#tag`). */
export interface SharedList {
  path: string;
  title: string;
}

const backTo = (list: SharedList) =>
  `<nav class="share__back"><a href="${escapeHtml(list.path)}">${escapeHtml(list.title)}</a></nav>`;

/**
 * The note: its text as plain text (what shows before the page's script renders it, and to
 * readers without scripts), and the same as data for the script; in a tag's link, a way back to
 * its list above it.
 */
export function sharedNoteBody(note: SharedNote | SharedTagNote, list?: SharedList): string {
  return [
    list ? backTo(list) : '',
    `<article class="note-preview share__note" id="share-note"><pre class="share__text">${escapeHtml(note.body)}</pre></article>`,
    `<script type="application/json" id="share-data">${scriptJson(note)}</script>`,
  ].join('');
}

/** A tag's link: its notes in the list's order, each its title and the start of its text. */
export function sharedTagBody(path: string, title: string, notes: readonly Note[]): string {
  const items = notes.map((note) => {
    const shown = noteDisplay(note.body);
    const preview = shown.preview
      ? `<span class="share__item-preview">${escapeHtml(shown.preview)}</span>`
      : '';
    return `<li><a class="share__item" href="${escapeHtml(sharedNotePath(path, note.id))}"><span class="share__item-title">${escapeHtml(shown.title ?? UNTITLED_TITLE)}</span>${preview}</a></li>`;
  });
  const list =
    items.length > 0
      ? `<ul class="share__items">${items.join('')}</ul>`
      : '<p class="share__empty">No note carries this tag now.</p>';
  return `<section class="share__list"><h1>${escapeHtml(title)}</h1>${list}</section>`;
}

export const LOCKED_BODY = [
  '<form class="share__unlock" id="share-unlock">',
  '<h1>This note is protected</h1>',
  '<label for="share-password">Password</label>',
  '<input id="share-password" name="password" type="password" autocomplete="off" required autofocus>',
  '<p class="share__error" id="share-error" role="alert"></p>',
  '<button type="submit">Open</button>',
  '</form>',
].join('');

export const GONE_BODY =
  '<section class="share__gone"><h1>This link does not work</h1><p>It was revoked, has expired, or never existed.</p></section>';
