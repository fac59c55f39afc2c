import { linkTitle } from '../../shared/wiki-links.js';
import { UniqueFileNames } from './unique-file-names.js';

const MAX_NAME_LENGTH = 80;
/**
 * Characters some OS refuses in a file name, control characters, and those that would end or
 * split a `[[link]]` naming the file (Obsidian refuses them in names for that reason).
 */
const UNSAFE = /[<>:"/\\|?*[\]#^`\p{Cc}\p{Cf}]/gu;
/** Names Windows keeps for devices, with any extension. */
const RESERVED = /^(con|prn|aux|nul|com\d|lpt\d)(\..*)?$/i;

/** A file name safe on every OS, made from a note's title: no folders, no device names. */
export function safeFileStem(title: string | undefined): string {
  // NFC: the same name on every OS (macOS would otherwise store a different form).
  let stem = (title ?? '')
    .normalize('NFC')
    .replace(/^#+\s*/, '')
    .replace(UNSAFE, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  stem = Array.from(stem).slice(0, MAX_NAME_LENGTH).join('');
  // Windows drops trailing dots and spaces, and a leading dot hides the file elsewhere.
  stem = stem.replace(/[. ]+$/, '').replace(/^[. ]+/, '');
  if (stem === '') return 'Untitled';
  return RESERVED.test(stem) ? `${stem}_` : stem;
}

/**
 * Names notes' files uniquely within one export. Names are compared case-insensitively, as
 * macOS and Windows do, and a repeat gets " (2)", " (3)"…
 */
export class ExportFileNames {
  private readonly names = new UniqueFileNames();

  /** The file for a note: named by its title as links name it (after any front matter). */
  next(body: string): string {
    return this.names.next(safeFileStem(linkTitle(body)), '.md');
  }
}

/** Names attachments' files uniquely within one export's `attachments/` folder, by their names. */
export class ExportAttachmentNames {
  private readonly names = new UniqueFileNames();

  /** The file's path inside the zip: safe on every OS, keeping a short plain extension. */
  next(name: string): string {
    const dot = name.lastIndexOf('.');
    const extension =
      dot > 0
        ? name
            .slice(dot + 1)
            .replace(/[^A-Za-z0-9]/g, '')
            .slice(0, 10)
        : '';
    const stem = safeFileStem(dot > 0 ? name.slice(0, dot) : name);
    return `attachments/${this.names.next(stem, extension === '' ? '' : `.${extension}`)}`;
  }
}
