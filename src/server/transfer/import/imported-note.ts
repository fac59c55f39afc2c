import type { ImportChange, ImportFailure } from '../../../shared/note-transfer.js';
import { startsWithTitle } from '../../../shared/wiki-links.js';
import { NEEDS_TOO_MUCH_MEMORY, textFitsInHeap } from './heap-budget.js';
import { PartFailure } from './import-error.js';
import type { ImportedFileList } from './imported-files.js';

/** A note read from another app's file, before it is stored. */
export interface ImportedNote {
  /** Names the note in its source (its id there, or its path), so a repeat import skips it. */
  sourceKey: string;
  body: string;
  /** Unix seconds; a missing time becomes the time of the import. */
  timeCreated?: number;
  timeLastModified?: number;
}

/** What a file held: the notes read, and the parts that could not be. */
export interface ParsedImport {
  notes: ImportedNote[];
  failed: ImportFailure[];
  /** Notes read otherwise than their source held them, and how. */
  changed?: ImportChange[];
  /** Pictures and files the notes refer to by their marks, to be stored as attachments. */
  files?: ImportedFileList;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Text of a file, which must be UTF-8 (a byte-order mark is dropped). */
export function decodeText(data: Uint8Array): string {
  if (!textFitsInHeap(data)) throw new PartFailure(NEEDS_TOO_MUCH_MEMORY);
  try {
    return utf8.decode(data);
  } catch {
    throw new PartFailure('not valid UTF-8 text');
  }
}

/**
 * Puts a source's separate title on the note's first line, where Quire reads titles, unless
 * the text already starts with it.
 */
export function withTitle(title: string | undefined, body: string): string {
  const clean = title?.trim() ?? '';
  if (clean === '' || startsWithTitle(body, clean)) return body;
  return body.trim() === '' ? clean : `${clean}\n\n${body}`;
}

/** Unix seconds from a date string or milliseconds, or undefined when there is none. */
export function seconds(value: unknown, unit: 'ms' | 'us' | 's' = 'ms'): number | undefined {
  let ms: number;
  if (typeof value === 'string' && !/^\d+$/.test(value)) ms = Date.parse(value);
  else if (typeof value === 'number' || typeof value === 'string') {
    const n = Number(value);
    ms = unit === 'us' ? n / 1000 : unit === 's' ? n * 1000 : n;
  } else return undefined;
  return Number.isFinite(ms) && ms >= 0 ? Math.floor(ms / 1000) : undefined;
}

/** Runs `read` for one part; a PartFailure becomes an entry in `failed`, anything else throws. */
export function eachPart<T>(name: string, failed: ImportFailure[], read: () => T): T | undefined {
  try {
    return read();
  } catch (error) {
    if (!(error instanceof PartFailure)) throw error;
    failed.push({ name, error: error.message });
    return undefined;
  }
}
