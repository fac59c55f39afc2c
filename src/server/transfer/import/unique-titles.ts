import { isLinkableTitle } from '../../../shared/rename-links.js';
import { linkKey } from '../../../shared/wiki-links.js';

/**
 * Titles of one import, each unlike the others as links compare names, so a link leads to one
 * note. A repeat gets its qualifier (`Name (folder)`), then a number (`Name (folder) 2`).
 */
export class UniqueTitles {
  private readonly taken = new Set<string>();
  /** Per title, the number its next repeat tries first, so many repeats stay linear. */
  private readonly nextNumber = new Map<string, number>();

  /** Marks a title as held by a note whose title cannot change. */
  reserve(title: string): void {
    this.taken.add(linkKey(title));
  }

  /** Whether the title is free; if so it is now taken. */
  take(title: string): boolean {
    const key = linkKey(title);
    if (this.taken.has(key)) return false;
    this.taken.add(key);
    return true;
  }

  /** A free title for a note that wanted one already taken. */
  another(title: string, qualifier: string | undefined): string {
    const base = qualifier ? `${title} (${qualifier})` : title;
    if (qualifier && isLinkableTitle(base) && this.take(base)) return base;
    const key = linkKey(base);
    let n = this.nextNumber.get(key) ?? 2;
    let candidate = qualifier ? `${base} ${n}` : `${base} (${n})`;
    while (!this.take(candidate)) {
      n += 1;
      candidate = qualifier ? `${base} ${n}` : `${base} (${n})`;
    }
    this.nextNumber.set(key, n + 1);
    return candidate;
  }
}

/**
 * The body with its title line naming `title` where it named `was`: heading marks and the rest
 * of the line stay. A body whose first line does not start with `was` gets a title line.
 */
export function retitled(body: string, was: string, title: string): string {
  const start = /\S/.exec(body)?.index;
  if (start === undefined) return title;
  const marks = /^#{1,6}[ \t]+/.exec(body.slice(start, start + 16))?.[0] ?? '';
  const at = start + marks.length;
  if (!body.startsWith(was, at)) return `${title}\n\n${body}`;
  return `${body.slice(0, at)}${title}${body.slice(at + was.length)}`;
}
