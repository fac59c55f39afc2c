import { parseDocument } from 'yaml';
import type { Note } from '../../shared/note.js';
import { noteTags } from '../../shared/note-tags.js';

const isoTime = (seconds: number) => new Date(seconds * 1000).toISOString();

/**
 * A note as a Markdown file: YAML front matter (id, created, modified, tags), then the body
 * exactly. Strings are written as JSON, which YAML reads as the same strings.
 */
export function noteAsMarkdown(note: Note): string {
  const tags = noteTags(note.body).map((tag) => JSON.stringify(tag));
  return [
    '---',
    `id: ${JSON.stringify(note.id)}`,
    `created: ${isoTime(note.timeCreated)}`,
    `modified: ${isoTime(note.timeLastModified)}`,
    `tags: [${tags.join(', ')}]`,
    '---',
    note.body,
  ].join('\n');
}

/** What an imported file's front matter says, where Quire, Joplin or Obsidian put it. */
export interface FrontMatter {
  title?: string;
  created?: number;
  modified?: number;
  tags: string[];
  /** The body after the front matter, or the whole text when it holds more than these keys. */
  body: string;
}

/** Keys this import understands; front matter with any other key stays in the note. */
const KNOWN_KEYS = new Set(['id', 'title', 'created', 'modified', 'updated', 'tags']);
const FENCE = /^---\r?\n([\s\S]*?)\r?\n---(?:\r?\n|$)/;

function toSeconds(value: unknown): number | undefined {
  const time =
    value instanceof Date ? value.getTime() : typeof value === 'string' ? Date.parse(value) : NaN;
  return Number.isFinite(time) && time >= 0 ? Math.floor(time / 1000) : undefined;
}

export function readFrontMatter(text: string): FrontMatter {
  const fence = FENCE.exec(text);
  if (!fence) return { tags: [], body: text };
  const document = parseDocument(fence[1] as string, { schema: 'core' });
  const data = document.errors.length === 0 ? document.toJS() : undefined;
  if (!data || typeof data !== 'object' || Array.isArray(data)) return { tags: [], body: text };
  const fields = data as Record<string, unknown>;
  const tags = Array.isArray(fields.tags) ? fields.tags.filter((t) => typeof t === 'string') : [];
  const onlyKnown = Object.keys(fields).every((key) => KNOWN_KEYS.has(key));
  return {
    title: typeof fields.title === 'string' ? fields.title : undefined,
    created: toSeconds(fields.created),
    modified: toSeconds(fields.modified ?? fields.updated),
    tags,
    body: onlyKnown ? text.slice(fence[0].length) : text,
  };
}
