import { propertiesBlock } from '../note-properties.js';
import { quireMarkdownParser } from './quire-markdown.js';

/** A stretch of a text, `[from, to)`. */
export interface TextRange {
  from: number;
  to: number;
}

/** A `#tag` where it is written: from its `#` to the end of its name, the name as written. */
export interface WrittenTag extends TextRange {
  written: string;
}

/** What Quire reads in a Markdown text, offsets into it, each list in the order written. */
export interface MarkdownReading {
  /** Code: fenced and indented blocks, and inline spans. What is written there is shown as is. */
  code: readonly (TextRange & { block: boolean })[];
  /**
   * Each `[[…]]` (an embed's `!` left out), properties' values too, as Obsidian links them;
   * what it names is wiki-links.ts's to read.
   */
  links: readonly TextRange[];
  /** Each `#tag` outside code, addresses, links and the properties block. */
  tags: readonly WrittenTag[];
  /** The note's properties block (front matter), if it has one. */
  properties: TextRange | undefined;
}

const BLOCK_CODE = new Set(['FencedCode', 'CodeBlock']);

function read(text: string): MarkdownReading {
  const code: (TextRange & { block: boolean })[] = [];
  const links: TextRange[] = [];
  const tags: WrittenTag[] = [];
  const properties = propertiesBlock(text);
  const inProperties = (at: number) =>
    properties !== undefined && at >= properties.from && at < properties.to;
  quireMarkdownParser.parse(text).iterate({
    enter(node) {
      switch (node.name) {
        case 'FencedCode':
        case 'CodeBlock':
        case 'InlineCode':
          code.push({ from: node.from, to: node.to, block: BLOCK_CODE.has(node.name) });
          return false;
        case 'WikiLink':
          links.push({ from: node.from, to: node.to });
          return false;
        case 'Tag':
          if (!inProperties(node.from)) {
            tags.push({
              from: node.from,
              to: node.to,
              written: text.slice(node.from + 1, node.to),
            });
          }
          return false;
        default:
          return true;
      }
    },
  });
  return {
    code,
    links,
    tags,
    properties: properties && { from: properties.from, to: properties.to },
  };
}

// A note's text is often read several times in a row (its links, its tags, its code), by the
// index, the export or an import: the last few readings are kept.
const KEPT_READINGS = 4;
const kept: { text: string; reading: MarkdownReading }[] = [];

/** Reads a Markdown text as Quire does (quire-markdown.ts), in time linear in its length. */
export function readMarkdown(text: string): MarkdownReading {
  const held = kept.find((entry) => entry.text === text);
  if (held) return held.reading;
  const reading = read(text);
  kept.unshift({ text, reading });
  kept.length = Math.min(kept.length, KEPT_READINGS);
  return reading;
}
