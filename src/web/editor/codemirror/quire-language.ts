import { markdownLanguage } from '@codemirror/lang-markdown';
import { Language, LanguageSupport } from '@codemirror/language';
import type { MarkdownParser } from '@lezer/markdown';
import { quireMarkdownExtensions } from '../../../shared/markdown/quire-markdown.js';

/**
 * The editor's Markdown: GitHub's, as `markdownLanguage` reads it, with Quire's wiki links and
 * tags as the server reads them (shared/markdown/), so a mark in the editor is what the index
 * counts. It shares `markdownLanguage`'s data, so Markdown's own commands work in it. Without
 * nested code languages: `markdown()` would pull the HTML, CSS and JavaScript grammars into the
 * editor's chunk (bench/RESULTS.md) for highlighting inside fences. Code stays monospace.
 */
const quireMarkdownLanguage = new Language(
  markdownLanguage.data,
  (markdownLanguage.parser as MarkdownParser).configure(quireMarkdownExtensions),
  [],
  'markdown',
);

export const quireMarkdownSupport = new LanguageSupport(quireMarkdownLanguage);
