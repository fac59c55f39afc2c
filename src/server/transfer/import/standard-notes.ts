import { unreadableImport } from './import-error.js';
import { type ImportedNote, type ParsedImport, seconds, withTitle } from './imported-note.js';
import { withTags } from './tag-word.js';

interface Item {
  uuid?: unknown;
  content_type?: unknown;
  content?: unknown;
  created_at?: unknown;
  updated_at?: unknown;
  deleted?: unknown;
}
interface NoteContent {
  title?: unknown;
  text?: unknown;
  trashed?: unknown;
  references?: unknown;
  appData?: { 'org.standardnotes.sn'?: { client_updated_at?: unknown } };
}

/** True for a Standard Notes backup: `{version, items: [{uuid, content_type, content}]}`. */
export const isStandardNotesBackup = (data: unknown): boolean =>
  typeof data === 'object' &&
  data !== null &&
  Array.isArray((data as { items?: unknown }).items) &&
  (data as { items: Item[] }).items.some((item) => typeof item?.content_type === 'string');

/** Notes of a decrypted backup, titled, with the tags that point at them; the trash stays out. */
export function readStandardNotes(name: string, data: { items: Item[] }): ParsedImport {
  const items = data.items.filter((item) => item && !item.deleted);
  if (items.some((item) => typeof item.content === 'string')) {
    throw unreadableImport(name, 'this Standard Notes backup is encrypted; export a decrypted one');
  }
  // A set per note: a tag naming one note a million times is still one title to turn into a tag.
  const tagsOf = new Map<string, Set<string>>();
  for (const tag of items.filter((item) => item.content_type === 'Tag')) {
    const content = tag.content as NoteContent;
    const references = Array.isArray(content?.references) ? content.references : [];
    for (const reference of references as { uuid?: unknown }[]) {
      if (typeof reference?.uuid !== 'string' || typeof content.title !== 'string') continue;
      const tags = tagsOf.get(reference.uuid);
      if (tags) tags.add(content.title);
      else tagsOf.set(reference.uuid, new Set([content.title]));
    }
  }
  const notes: ImportedNote[] = [];
  for (const item of items.filter((entry) => entry.content_type === 'Note')) {
    const content = (item.content ?? {}) as NoteContent;
    if (content.trashed === true || typeof item.uuid !== 'string') continue;
    const text = typeof content.text === 'string' ? content.text : '';
    const title = typeof content.title === 'string' ? content.title : undefined;
    const edited = content.appData?.['org.standardnotes.sn']?.client_updated_at;
    notes.push({
      sourceKey: `standard-notes:${item.uuid}`,
      body: withTags(withTitle(title, text), [...(tagsOf.get(item.uuid) ?? [])]),
      timeCreated: seconds(item.created_at),
      timeLastModified: seconds(edited ?? item.updated_at),
    });
  }
  return { notes, failed: [] };
}
