import DOMPurify from 'dompurify';
import { CALLOUT_KINDS } from './callout-extension.js';
import { markdownToHtml } from './markdown-to-html.js';
import { noteLinkTarget } from './note-links-extension.js';

const purify = DOMPurify(window);
// Anything that could fetch from elsewhere or restyle the page is dropped; scripts, event
// handlers and javascript: URLs are DOMPurify's own rules. Attributes are what Markdown writes
// and a few worth writing by hand: a note's own class, id, popover or data could take on
// Quire's styles, shadow its elements or hide and cover parts of the page.
const CONFIG = {
  FORBID_TAGS: ['style', 'form', 'svg', 'math', 'video', 'audio', 'source', 'track', 'picture'],
  ALLOWED_ATTR: [
    'href',
    'title',
    'src',
    'alt',
    'type',
    'checked',
    'disabled',
    'align',
    'start',
    'colspan',
    'rowspan',
    'dir',
    'lang',
  ],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
};

const REMOTE_MARK = 'data-remote-image';

/**
 * The marks the renderer puts on what it draws, each on its own elements with the values it
 * writes: a note writing one by hand gets what the Markdown would give, nothing more.
 */
const MARKS: Record<string, (tag: string, value: string) => boolean> = {
  'data-callout': (tag, value) => (tag === 'DIV' || tag === 'DETAILS') && CALLOUT_KINDS.has(value),
  'data-math': (tag, value) => tag === 'CODE' && (value === 'inline' || value === 'display'),
  'data-diagram': (tag, value) => tag === 'PRE' && value === 'mermaid',
  'data-embed': (tag, value) => tag === 'DIV' && value === '',
  'data-properties': (tag, value) => tag === 'DL' && value === '',
  // A folding callout's state; a `<dialog open>` could cover the page.
  open: (tag) => tag === 'DETAILS',
  // Footnotes: the list, each note and each reference, which link to one another.
  'data-footnotes': (tag, value) => tag === 'SECTION' && value === '',
  id: (tag, value) =>
    (tag === 'LI' && /^footnote-[\w-]+$/.test(value)) ||
    (tag === 'A' && /^footnote-ref-[\w-]+$/.test(value)),
  'aria-label': (tag, value) => tag === 'A' && /^Back to reference [\w-]+$/.test(value),
};

purify.addHook('uponSanitizeAttribute', (node, data) => {
  const allowed = Object.hasOwn(MARKS, data.attrName) ? MARKS[data.attrName] : undefined;
  if (allowed?.(node.tagName, data.attrValue)) data.forceKeepAttr = true;
});

/** Whether a link's target names a note; asked while one text is sanitized. */
let isLinked: (target: string) => boolean = () => true;
const ATTACHMENT_LINK = /^\/api\/attachments\/[A-Za-z0-9_-]{22}$/;

function isSameOrigin(url: string): boolean {
  if (url.startsWith('data:image/')) return true;
  try {
    return new URL(url, window.location.href).origin === window.location.origin;
  } catch {
    return false;
  }
}

purify.addHook('afterSanitizeAttributes', (node) => {
  const target = node.tagName === 'A' ? noteLinkTarget(node.getAttribute('href') ?? '') : null;
  if (target !== null) {
    // A link to a note opens it here, in this tab; one to a missing note says so.
    const missing = isLinked(target) ? '' : ' note-preview__note-link--missing';
    node.setAttribute('class', `note-preview__note-link${missing}`);
  } else if (node.tagName === 'A' && node.getAttribute('href')?.startsWith('#')) {
    // A heading or a footnote of this note: the preview scrolls to it.
    node.setAttribute('class', 'note-preview__in-note-link');
  } else if (node.tagName === 'A' && node.hasAttribute('href')) {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
    // A file in the note: shown as a chip with its name, and its type and size from the title.
    if (ATTACHMENT_LINK.test(node.getAttribute('href') ?? '')) {
      node.setAttribute('class', 'note-preview__file');
    }
  }
  // Runs in DOMPurify's inert document, where images are never fetched.
  if (node.tagName === 'IMG' && !isSameOrigin(node.getAttribute('src') ?? '')) {
    node.setAttribute(REMOTE_MARK, node.getAttribute('src') ?? '');
    node.removeAttribute('src');
  }
});

/** Turns images from other origins into a placeholder that says so, inside an inert template. */
function replaceRemoteImages(html: string): string {
  if (!html.includes(REMOTE_MARK)) return html;
  const template = document.createElement('template');
  template.innerHTML = html;
  for (const image of template.content.querySelectorAll(`img[${REMOTE_MARK}]`)) {
    const placeholder = document.createElement('span');
    placeholder.className = 'note-preview__blocked-image';
    const alt = image.getAttribute('alt');
    placeholder.textContent = `Image from another site not loaded${alt ? `: ${alt}` : ''}`;
    placeholder.title = image.getAttribute(REMOTE_MARK) ?? '';
    image.replaceWith(placeholder);
  }
  return template.innerHTML;
}

/**
 * A note as safe HTML: rendered Markdown, sanitized, nothing that fetches from elsewhere.
 * `linked` tells which `[[link]]` targets name a note; the others are marked as missing.
 * `textOf` gives the text of the note a `![[embed]]` names, if it names one.
 */
export function renderMarkdown(
  text: string,
  linked: (target: string) => boolean = () => true,
  textOf: (target: string) => string | undefined = () => undefined,
): string {
  const html = markdownToHtml(text, textOf);
  isLinked = linked;
  try {
    return replaceRemoteImages(purify.sanitize(html, CONFIG));
  } finally {
    isLinked = () => true;
  }
}
