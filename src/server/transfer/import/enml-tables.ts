import type TurndownService from 'turndown';
import { conversion, type EnmlNode } from './enml-conversion.js';
import { trimNewlines } from './enml-lists.js';

/*
 * Turndown converts a table's cells before the table. Each cell and row hands its Markdown up
 * between these characters, which the note's text cannot hold (the importer takes them out),
 * so the table reads its cells back in one pass.
 */
const CELL = '\uE002';
const MERGED_CELL = '\uE003';
const CELL_END = '\uE004';
const ROW = '\uE005';
export const TABLE_MARKS = /[\uE002-\uE005]/g;

const asNode = (node: unknown) => node as EnmlNode;
const spans = (cell: EnmlNode, name: string) => {
  const value = Number.parseInt(cell.getAttribute(name) ?? '1', 10);
  return Number.isFinite(value) && value > 1;
};

/** A line that is a block of its own in Markdown: a list item, heading, quote, fence or table. */
const BLOCK_LINE = /^(?:[-*+] |\d{1,9}[.)] |#{1,6}(?: |$)|>|```|~~~|\||\s{4})/;

interface Cell {
  markdown: string;
  merged: boolean;
}

const CELLS = /([\uE002\uE003])([^\uE002-\uE005]*)\uE004/g;

/** The rows of a table, read back from what its rows and cells handed up. */
const rowsOf = (content: string): Cell[][] =>
  content
    .split(ROW)
    .slice(1)
    .map((row) =>
      Array.from(row.matchAll(CELLS), ([, open, markdown = '']) => ({
        markdown,
        merged: open === MERGED_CELL,
      })),
    );

/** A cell's lines in one table cell, or undefined when it holds blocks a cell cannot hold. */
function inline(markdown: string): string | undefined {
  const lines = trimNewlines(markdown.trim())
    .split(/\n+/)
    .map((line) => line.replace(/ {2}$/, ''));
  if (lines.some((line) => BLOCK_LINE.test(line))) return undefined;
  return lines.map((line) => line.trim().replaceAll('|', '\\|')).join('<br>');
}

function markdownTable(rows: string[][]): string {
  const width = rows.reduce((most, row) => Math.max(most, row.length), 0);
  const line = (row: string[]) =>
    `| ${Array.from({ length: width }, (_, i) => row[i] ?? '').join(' | ')} |`;
  const [header = [], ...body] = rows;
  return [line(header), line(Array(width).fill('---')), ...body.map(line)].join('\n');
}

/**
 * A table becomes a Markdown table, its first row the header. One Markdown cannot hold
 * (merged cells, lists or other blocks in a cell) keeps each cell's text as a paragraph, in
 * order, and the note says so.
 */
const table: TurndownService.Rule = {
  filter: 'table',
  replacement: (content) => {
    const rows = rowsOf(content).filter((row) => row.length > 0);
    if (rows.length === 0) return `\n\n${content.replace(TABLE_MARKS, '')}\n\n`;
    const merged = rows.some((row) => row.some((cell) => cell.merged));
    const cells = rows.map((row) => row.map((cell) => inline(cell.markdown)));
    if (!merged && cells.every((row) => row.every((cell) => cell !== undefined))) {
      return `\n\n${markdownTable(cells as string[][])}\n\n`;
    }
    conversion().changed(
      merged
        ? 'a table with merged cells came in as text'
        : 'a table with lists or other blocks in a cell came in as text',
    );
    const paragraphs = rows.flatMap((row) =>
      row.map((cell) => trimNewlines(cell.markdown.trim())).filter((text) => text !== ''),
    );
    return `\n\n${paragraphs.join('\n\n')}\n\n`;
  },
};

const cell: TurndownService.Rule = {
  filter: ['td', 'th'],
  replacement: (content, node) => {
    const element = asNode(node);
    const merged = spans(element, 'colspan') || spans(element, 'rowspan');
    return `${merged ? MERGED_CELL : CELL}${content}${CELL_END}`;
  },
};

const row: TurndownService.Rule = {
  filter: 'tr',
  replacement: (content) => `${ROW}${content}`,
};

/** Evernote's tables as Markdown tables, or as readable text the note lists as changed. */
export function addTableRules(turndown: TurndownService): void {
  turndown.addRule('evernote-table', table);
  turndown.addRule('evernote-table-row', row);
  turndown.addRule('evernote-table-cell', cell);
}
