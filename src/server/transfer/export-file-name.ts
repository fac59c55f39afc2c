import { linkTitle } from '../../shared/wiki-links.js';

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
  private readonly taken = new Set<string>();
  /** Per stem, the number its next repeat tries first, so many notes of one title stay linear. */
  private readonly nextNumber = new Map<string, number>();

  /** The file for a note: named by its title as links name it (after any front matter). */
  next(body: string): string {
    const stem = safeFileStem(linkTitle(body));
    const key = stem.toLowerCase();
    let name = `${stem}.md`;
    let n = this.nextNumber.get(key) ?? 2;
    if (this.taken.has(name.toLowerCase())) {
      while (this.taken.has(`${key} (${n}).md`)) n += 1;
      name = `${stem} (${n}).md`;
      n += 1;
    }
    this.nextNumber.set(key, n);
    this.taken.add(name.toLowerCase());
    return name;
  }
}
