import { search, searchKeymap } from '@codemirror/search';
import { EditorView, keymap } from '@codemirror/view';

const text = 'var(--text, CanvasText)';
const muted = 'var(--text-muted, GrayText)';
const field = {
  font: 'inherit',
  // Under 16px, phones zoom the page in when a field takes the focus.
  fontSize: '1rem',
  lineHeight: '1.3',
  color: text,
  borderRadius: 'var(--radius, 6px)',
  margin: '0.2rem 0.4rem 0.2rem 0',
};

// CodeMirror's own panel, dressed as the app: its colours are the app's variables, so it
// follows the light and dark schemes; its styles go into the shadow root like the editor's.
const findPanelTheme = EditorView.theme({
  '.cm-panels': {
    color: text,
    backgroundColor: 'var(--surface-raised, Canvas)',
    fontFamily: 'inherit',
  },
  '.cm-panels.cm-panels-top': { borderBottom: '1px solid var(--border, GrayText)' },
  '.cm-panel.cm-search': {
    padding: '0.4rem 2.75rem 0.4rem max(0.75rem, calc((100% - 46rem) / 2))',
    fontSize: '0.9375rem',
  },
  '.cm-panel.cm-search input, .cm-panel.cm-search button, .cm-panel.cm-search label': {
    margin: '0.2rem 0.4rem 0.2rem 0',
  },
  '.cm-textfield': {
    ...field,
    width: '14rem',
    maxWidth: '100%',
    padding: '0.3rem 0.55rem',
    backgroundColor: 'var(--surface, Field)',
    border: '1px solid var(--border-strong, GrayText)',
  },
  '.cm-textfield:focus': {
    outline: '2px solid var(--focus, Highlight)',
    outlineOffset: '-1px',
  },
  '.cm-button': {
    ...field,
    fontSize: '0.875rem',
    fontWeight: '550',
    padding: '0.35rem 0.7rem',
    backgroundColor: 'var(--surface-hover, ButtonFace)',
    backgroundImage: 'none',
    border: '1px solid var(--border-strong, GrayText)',
    cursor: 'pointer',
    textTransform: 'capitalize',
  },
  '.cm-button:hover': { backgroundColor: 'var(--border, ButtonFace)' },
  '.cm-button:active': { backgroundImage: 'none' },
  '.cm-button:focus-visible': {
    outline: '2px solid var(--focus, Highlight)',
    outlineOffset: '1px',
  },
  '.cm-panel.cm-search label': {
    display: 'inline-flex',
    alignItems: 'center',
    gap: '0.25rem',
    fontSize: '0.875rem',
    color: muted,
  },
  '.cm-panel.cm-search input[type=checkbox]': {
    margin: '0',
    accentColor: 'var(--accent, AccentColor)',
  },
  '.cm-panel.cm-search [name=close]': {
    top: '0.35rem',
    right: '0.5rem',
    width: '2rem',
    height: '2rem',
    fontSize: '1.375rem',
    lineHeight: '1',
    color: muted,
    borderRadius: 'var(--radius, 6px)',
    cursor: 'pointer',
  },
  '.cm-panel.cm-search [name=close]:hover': { color: text },
  '.cm-searchMatch': {
    backgroundColor: 'color-mix(in srgb, var(--warning, #d48a00) 28%, transparent)',
    borderRadius: '2px',
  },
  '.cm-searchMatch.cm-searchMatch-selected': {
    backgroundColor: 'color-mix(in srgb, var(--accent, Highlight) 35%, transparent)',
    outline: '1px solid var(--accent, Highlight)',
  },
});

/**
 * Find and replace inside the note: Ctrl/Cmd+F opens CodeMirror's panel at the top, where the
 * phone's keyboard cannot cover it; F3 or Enter go to the next match, Escape closes it.
 */
export const findInNote = [search({ top: true }), keymap.of(searchKeymap), findPanelTheme];
