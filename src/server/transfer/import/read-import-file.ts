import path from 'node:path/posix';
import { isEnex, readEnex } from './evernote-enex.js';
import { FolderFiles, withFileMarks } from './file-references.js';
import { isKeepNote, readKeepNote } from './google-keep.js';
import { jsonFitsInHeap, NEEDS_TOO_MUCH_MEMORY } from './heap-budget.js';
import { PartFailure, unreadableImport } from './import-error.js';
import { ImportedFiles } from './imported-files.js';
import { decodeText, eachPart, type ParsedImport } from './imported-note.js';
import { isAppClutter, isNoteFile, readMarkdownFile } from './markdown-files.js';
import { cameInWithout } from './missing-file.js';
import { isQuireExport, readQuireExport } from './quire-notes.js';
import { readZip, type ZipFileEntry, type ZipLimits } from './safe-zip.js';
import { isSimplenoteExport, readSimplenote } from './simplenote.js';
import { isStandardNotesBackup, readStandardNotes } from './standard-notes.js';
import { joinVault, type VaultFile, vaultRoot } from './vault-links.js';

const isZip = (data: Buffer) => data.length >= 4 && data.readUInt32LE(0) === 0x04034b50;
const isEmptyZip = (data: Buffer) => data.length >= 4 && data.readUInt32LE(0) === 0x06054b50;

/** The JSON's value, or undefined when the text is not JSON; too large to parse is a failure. */
function parseJson(text: string): unknown {
  if (!jsonFitsInHeap(text)) throw new PartFailure(NEEDS_TOO_MUCH_MEMORY);
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A JSON document in one of the formats that hold a whole account's notes. */
function readNotesJson(
  name: string,
  data: unknown,
  entries: readonly ZipFileEntry[] = [],
): ParsedImport | undefined {
  if (isQuireExport(data)) return readQuireExport(name, data, entries);
  if (isSimplenoteExport(data)) return readSimplenote(name, data as never);
  if (isStandardNotesBackup(data)) return readStandardNotes(name, data as never);
  return undefined;
}

/**
 * Reads an uploaded file, recognizing its kind from its content: a zip (Quire's export, a
 * Keep Takeout, a Simplenote export, a folder of Markdown), a JSON backup, an Evernote export,
 * or one Markdown or text file. A file that is unsafe or in no known format throws as a whole.
 */
export async function readImportFile(
  name: string,
  data: Buffer,
  limits: ZipLimits,
): Promise<ParsedImport> {
  if (isZip(data) || isEmptyZip(data)) return readZipOfNotes(name, data, limits);
  let text: string;
  try {
    text = decodeText(data).replace(/^\uFEFF/, '');
  } catch (error) {
    throw unreadableImport(name, (error as Error).message);
  }
  if (/^\s*[[{]/.test(text)) {
    const json = wholeFile(name, () => parseJson(text));
    if (json === undefined) throw unreadableImport(name, 'not valid JSON');
    if (isKeepNote(json)) {
      const note = readKeepNote(name, json as never);
      return { notes: note ? [note] : [], failed: [] };
    }
    const read = readNotesJson(name, json);
    if (!read) throw unreadableImport(name, 'a JSON file in no format Quire can import');
    return read;
  }
  if (isEnex(text)) return readEnex(name, text);
  return { notes: [readMarkdownFile(name, data, undefined).note], failed: [] };
}

/** Runs `read` for something the whole import stands on: its failure refuses the file. */
function wholeFile<T>(name: string, read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof PartFailure) throw unreadableImport(name, error.message);
    throw error;
  }
}

async function readZipOfNotes(
  name: string,
  data: Buffer,
  limits: ZipLimits,
): Promise<ParsedImport> {
  // Notes, and every other file a note may embed or link to (Joplin keeps them in _resources).
  const wanted = (path: string) => !isAppClutter(path.replace(/(^|\/)_resources\//, '$1'));
  const entries = await readZip(name, data, limits, wanted);
  // An account's export inside (Quire's notes.json, Simplenote's source/notes.json) says it all.
  for (const entry of entries.filter((e) => /(^|\/)notes\.json$/i.test(e.path))) {
    const text = eachPart(entry.path, [], () => decodeText(entry.data)) ?? '';
    const json = wholeFile(`${name}/${entry.path}`, () => parseJson(text));
    const read = readNotesJson(`${name}/${entry.path}`, json, entries);
    if (read) return read;
  }
  // A Takeout holds Keep's notes twice, as JSON and HTML, beside other files: JSON is read.
  const keep = entries.some((entry) => /(^|\/)Keep\/[^/]+\.json$/.test(entry.path));
  const result: ParsedImport = { notes: [], failed: [] };
  const files = new ImportedFiles();
  const folder = new FolderFiles(entries, files);
  const root = keep ? '' : vaultRoot(entries.filter((e) => isNoteFile(e.path)).map((e) => e.path));
  const vault: VaultFile[] = [];
  for (const entry of entries) {
    const label = `${name}/${entry.path}`;
    const note = eachPart(label, result.failed, () => {
      if (keep || entry.path.endsWith('.json')) {
        if (!entry.path.endsWith('.json')) return undefined;
        const json = parseJson(decodeText(entry.data));
        if (!isKeepNote(json)) throw new PartFailure('a JSON file in no format Quire can import');
        return readKeepNote(
          entry.path,
          json as never,
          (filePath) => folder.markFor(entry.path, filePath, false),
          (filePath) => cameInWithout(result, label, `"${filePath}"`),
        );
      }
      if (!isNoteFile(entry.path)) return undefined;
      const inVault = entry.path.slice(root.length);
      const folderName = path.dirname(inVault);
      const read = readMarkdownFile(
        entry.path,
        entry.data,
        entry.modified,
        folderName === '.' ? undefined : folderName,
      );
      read.note.body = withFileMarks(entry.path, read.note.body, folder, (target) =>
        cameInWithout(result, label, `"${target}"`),
      );
      vault.push({ ...read, path: inVault });
      return read.note;
    });
    if (note) result.notes.push(note);
  }
  // Links are resolved once every note is read: a note may link to any other.
  joinVault(vault);
  result.files = files.result();
  return result;
}
