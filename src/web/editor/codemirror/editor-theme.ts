import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { EditorView } from '@codemirror/view';
import { tags } from '@lezer/highlight';

// Colours come from the app's CSS variables (which switch with the light and dark schemes),
// with system-colour fallbacks so the editor still reads well without them.
const text = 'var(--text, CanvasText)';
const muted = 'var(--text-muted, color-mix(in srgb, currentColor 60%, transparent))';
const faint = 'var(--text-faint, color-mix(in srgb, currentColor 45%, transparent))';
const codeBackground = 'color-mix(in srgb, currentColor 7%, transparent)';

export const markdownHighlightStyle = HighlightStyle.define([
  { tag: tags.heading1, fontWeight: '700', fontSize: '1.4em' },
  { tag: tags.heading2, fontWeight: '700', fontSize: '1.2em' },
  { tag: [tags.heading3, tags.heading4, tags.heading5, tags.heading6], fontWeight: '700' },
  { tag: tags.emphasis, fontStyle: 'italic' },
  { tag: tags.strong, fontWeight: '700' },
  { tag: tags.strikethrough, textDecoration: 'line-through' },
  { tag: tags.link, color: 'var(--accent, LinkText)' },
  { tag: tags.url, color: 'var(--accent, LinkText)', textDecoration: 'underline' },
  {
    tag: tags.monospace,
    fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
    fontSize: '0.92em',
    backgroundColor: codeBackground,
  },
  { tag: [tags.processingInstruction, tags.labelName, tags.contentSeparator], color: faint },
  { tag: tags.quote, color: muted },
  { tag: [tags.comment, tags.escape, tags.character], color: muted },
]);

export const markdownHighlighting = syntaxHighlighting(markdownHighlightStyle);

export const editorTheme = EditorView.theme({
  '&': {
    flex: '1',
    minHeight: '0',
    color: text,
    backgroundColor: 'transparent',
    fontSize: '1.0625rem',
  },
  '&.cm-focused': { outline: 'none', boxShadow: 'inset 0 2px 0 var(--accent, Highlight)' },
  '.cm-scroller': { fontFamily: 'inherit', lineHeight: '1.65', overflow: 'auto' },
  // Lines stay a readable length on wide screens while the scrollbar stays at the edge.
  '.cm-content': {
    padding: 'var(--space-6, 1.5rem) max(var(--space-5, 1.25rem), calc((100% - 46rem) / 2))',
    caretColor: text,
  },
  '.cm-line': { padding: '0' },
  '.cm-placeholder': { color: faint },
  '.cm-content ::selection': {
    backgroundColor: 'var(--accent-soft, color-mix(in srgb, Highlight 40%, transparent))',
  },
  '.cm-tag': {
    color: 'var(--accent, LinkText)',
    backgroundColor: 'var(--accent-soft, transparent)',
    borderRadius: '4px',
    padding: '0 0.15em',
    cursor: 'pointer',
  },
  // A link to another note; dashed, in the danger colour, when no note has its title yet.
  '.cm-wiki-link, .cm-wiki-link *': {
    color: 'var(--accent, LinkText)',
    textDecorationLine: 'underline',
    textDecorationStyle: 'solid',
    textUnderlineOffset: '0.2em',
  },
  '.cm-wiki-link-unresolved, .cm-wiki-link-unresolved *': {
    color: 'var(--danger, #b42318)',
    textDecorationStyle: 'dashed',
  },
  // The `[[` list of titles, in the app's colours rather than CodeMirror's light-only ones.
  '.cm-tooltip': {
    color: text,
    backgroundColor: 'var(--surface-raised, Canvas)',
    border: '1px solid var(--border-strong, GrayText)',
    borderRadius: 'var(--radius, 6px)',
    boxShadow: 'var(--shadow-md, 0 4px 16px rgb(0 0 0 / 0.2))',
    overflow: 'hidden',
  },
  '.cm-tooltip.cm-tooltip-autocomplete > ul': {
    fontFamily: 'inherit',
    fontSize: '0.9375rem',
    maxHeight: '16rem',
    minWidth: '14rem',
    maxWidth: 'min(32rem, 90vw)',
  },
  '.cm-tooltip.cm-tooltip-autocomplete > ul > li': { padding: '0.3rem 0.75rem', lineHeight: '1.4' },
  '.cm-tooltip.cm-tooltip-autocomplete > ul > li[aria-selected]': {
    color: text,
    backgroundColor: 'var(--accent-soft, Highlight)',
  },
  // On a phone a task box and a #tag are 44 px targets: their lines are 44 px tall, so that
  // neighbours do not overlap, and padding that makes no room widens them into their margins.
  '@media (max-width: 679.98px)': {
    '.cm-line:has(.cm-task-hit), .cm-line:has(.cm-tag)': { lineHeight: '44px' },
    '.cm-task-hit, .cm-tag': {
      position: 'relative',
      zIndex: '1',
      padding: '12px 15px',
      margin: '0 -15px',
      backgroundClip: 'content-box',
    },
  },
  '.cm-task-box': {
    width: '1em',
    height: '1em',
    margin: '0 0.15em',
    verticalAlign: '-0.125em',
    accentColor: 'var(--accent, AccentColor)',
    cursor: 'pointer',
  },
  // Read to assistive technology, never shown.
  '.cm-keys-hint': {
    position: 'absolute',
    width: '1px',
    height: '1px',
    overflow: 'hidden',
    clipPath: 'inset(50%)',
    whiteSpace: 'nowrap',
  },
  '.cm-misspelling': {
    textDecorationLine: 'underline',
    textDecorationStyle: 'wavy',
    textDecorationColor: 'var(--danger, #d93025)',
    textDecorationSkipInk: 'none',
    textUnderlineOffset: '0.2em',
  },
  '.cm-spell-menu': {
    position: 'absolute',
    zIndex: '30',
    minWidth: '11rem',
    padding: '0.25rem 0',
    color: text,
    backgroundColor: 'var(--surface-raised, Canvas)',
    border: '1px solid var(--border-strong, GrayText)',
    borderRadius: 'var(--radius, 6px)',
    boxShadow: 'var(--shadow-md, 0 4px 16px rgb(0 0 0 / 0.2))',
    fontSize: '0.9375rem',
    lineHeight: '1.4',
  },
  '.cm-spell-menu-item': { padding: '0.4rem 0.9rem', cursor: 'default', outline: 'none' },
  '.cm-spell-menu-item[aria-disabled="true"]': { color: faint },
  '.cm-spell-menu-item[data-enabled]:focus': {
    backgroundColor: 'var(--accent-soft, Highlight)',
    color: text,
  },
  '.cm-spell-menu-separator': {
    margin: '0.25rem 0',
    borderTop: '1px solid var(--border, GrayText)',
  },
});
