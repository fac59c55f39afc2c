import { randomBytes } from 'node:crypto';

/** A file an import brings with its notes, to become an attachment. */
export interface ImportedFile {
  name: string;
  data: Uint8Array;
}

/** The files of one import, and the mark that stands for each in the notes until it is stored. */
export interface ImportedFileList {
  /** Makes the marks of this import unlike any text a note could hold by chance. */
  nonce: string;
  list: ImportedFile[];
}

/** Every mark of an import's files in a text: `quire-import-<nonce>-<index>`. */
export const fileMarks = (nonce: string) => new RegExp(`quire-import-${nonce}-(\\d+)`, 'g');

/**
 * Collects the files a reader finds referred to, each once however often it is referred to,
 * and gives the mark a note carries in its place.
 */
export class ImportedFiles {
  readonly nonce = randomBytes(8).toString('hex');
  readonly list: ImportedFile[] = [];
  private readonly byKey = new Map<string, number>();

  /** The mark for the file known by `key` (its path in the source, or its digest). */
  mark(key: string, name: string, data: () => Uint8Array): string {
    let index = this.byKey.get(key);
    if (index === undefined) {
      index = this.list.length;
      this.list.push({ name, data: data() });
      this.byKey.set(key, index);
    }
    return `quire-import-${this.nonce}-${index}`;
  }

  /** What the import hands over, or nothing when it found no file. */
  result(): ImportedFileList | undefined {
    return this.list.length > 0 ? { nonce: this.nonce, list: this.list } : undefined;
  }
}

/** Names that are pictures, to be written as Markdown images. */
export const isPictureName = (name: string) => /\.(png|jpe?g|gif|webp|avif|bmp|svg)$/i.test(name);
