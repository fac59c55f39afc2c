import { PartFailure } from './import-error.js';
import { isPictureName } from './imported-files.js';
import { type ImportedNote, seconds, withTitle } from './imported-note.js';
import { type NoteProperty, withProperties } from './note-properties.js';
import { withTags } from './tag-word.js';

interface KeepNote {
  title?: unknown;
  textContent?: unknown;
  listContent?: { text?: unknown; isChecked?: unknown }[];
  labels?: { name?: unknown }[];
  createdTimestampUsec?: unknown;
  userEditedTimestampUsec?: unknown;
  isTrashed?: unknown;
  isPinned?: unknown;
  isArchived?: unknown;
  /** `DEFAULT`, or the note's colour in Keep's list: `RED`, `TEAL`, `GRAY`… */
  color?: unknown;
  /** Pictures and recordings, as files beside the note's JSON in the Takeout. */
  attachments?: { filePath?: unknown }[];
}

/** The mark of a file of the Takeout a note names, or undefined when it is not there. */
export type KeepFiles = (filePath: string) => string | undefined;

/** True for one note of a Google Keep Takeout (`Takeout/Keep/<note>.json`). */
export const isKeepNote = (data: unknown): boolean =>
  typeof data === 'object' &&
  data !== null &&
  'userEditedTimestampUsec' in data &&
  ('textContent' in data || 'listContent' in data);

/** The tag an archived note carries, so it is found apart from the notes in use. */
export const ARCHIVED_TAG = 'archived';

/** How the note stood in Keep's list: pinned, archived, its colour. */
function keepProperties(data: KeepNote): NoteProperty[] {
  const properties: NoteProperty[] = [];
  if (data.isPinned === true) properties.push(['pinned', true]);
  if (data.isArchived === true) properties.push(['archived', true]);
  if (
    typeof data.color === 'string' &&
    /^[A-Z_]{1,32}$/.test(data.color) &&
    data.color !== 'DEFAULT'
  ) {
    properties.push(['color', data.color.toLowerCase()]);
  }
  return properties;
}

/**
 * One Keep note: its title on the first line, its checklist as a Markdown task list, its
 * attachments after them (a picture shown, another file linked), its labels as `#tags`;
 * pinned, archived and its colour as properties after the title, and an archived note tagged
 * `#archived`, so it is not mixed in with the rest unmarked. Notes in Keep's trash stay out
 * (undefined). `missing` hears of an attachment the Takeout lacks.
 */
export function readKeepNote(
  path: string,
  data: KeepNote,
  files: KeepFiles = () => undefined,
  missing: (filePath: string) => void = () => {},
): ImportedNote | undefined {
  if (data.isTrashed === true) return undefined;
  const text = typeof data.textContent === 'string' ? data.textContent : '';
  if (data.listContent !== undefined && !Array.isArray(data.listContent)) {
    throw new PartFailure('a checklist Keep cannot have written');
  }
  const tasks = (data.listContent ?? []).map(
    (item) => `- [${item?.isChecked === true ? 'x' : ' '}] ${String(item?.text ?? '')}`,
  );
  const attached = (Array.isArray(data.attachments) ? data.attachments : []).flatMap((file) => {
    const filePath = typeof file?.filePath === 'string' ? file.filePath : undefined;
    if (!filePath) return [];
    const mark = files(filePath);
    if (!mark) {
      missing(filePath);
      return [];
    }
    return [`${isPictureName(filePath) ? '!' : ''}[${filePath}](${mark})`];
  });
  const body = [text, tasks.join('\n'), attached.join('\n')]
    .filter((part) => part !== '')
    .join('\n\n');
  const labels = Array.isArray(data.labels) ? data.labels : [];
  const tags = labels.flatMap((label) => (typeof label?.name === 'string' ? [label.name] : []));
  if (data.isArchived === true) tags.push(ARCHIVED_TAG);
  const title = typeof data.title === 'string' ? data.title : undefined;
  return {
    sourceKey: `keep:${path}`,
    body: withTags(withProperties(withTitle(title, body), keepProperties(data)), tags),
    timeCreated: seconds(data.createdTimestampUsec, 'us'),
    timeLastModified: seconds(data.userEditedTimestampUsec, 'us'),
  };
}
