import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { unreadableImport } from './import-error.js';

/** One file read out of a zip: its path inside, its bytes, and when it was last changed. */
export interface ZipFileEntry {
  path: string;
  data: Buffer;
  modified: number;
}

export interface ZipLimits {
  /** Most bytes all entries may unpack to together; a zip bomb declares or unpacks to more. */
  maxUnpacked: number;
  maxEntries: number;
}

const open = (buffer: Buffer) =>
  new Promise<ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(buffer, { lazyEntries: true, validateEntrySizes: true }, (error, zip) =>
      error ? reject(error) : resolve(zip),
    ),
  );

function readEntry(zip: ZipFile, entry: Entry): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error) return reject(error);
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', reject);
      stream.on('end', () => resolve(Buffer.concat(chunks)));
    });
  });
}

/**
 * Reads every file of a zip held in memory, refusing hostile ones as a whole: names that leave
 * the folder (yauzl checks them), more entries or unpacked bytes than the limits allow (checked
 * against the declared sizes before unpacking, and yauzl stops an entry that unpacks to more
 * than it declared), and anything yauzl finds malformed.
 */
export async function readZip(
  name: string,
  buffer: Buffer,
  limits: ZipLimits,
  wanted: (path: string) => boolean,
): Promise<ZipFileEntry[]> {
  let zip: ZipFile;
  try {
    zip = await open(buffer);
  } catch (error) {
    throw unreadableImport(name, `not a readable zip file (${(error as Error).message})`);
  }
  if (zip.entryCount > limits.maxEntries) {
    zip.close();
    throw unreadableImport(name, `the zip holds more than ${limits.maxEntries} files`);
  }
  const entries: ZipFileEntry[] = [];
  let unpacked = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('error', reject);
      zip.on('end', () => resolve());
      zip.on('entry', (entry: Entry) => {
        // Folders and files no reader wants (photos, attachments) are never unpacked.
        if (entry.fileName.endsWith('/') || !wanted(entry.fileName)) return zip.readEntry();
        unpacked += entry.uncompressedSize;
        if (unpacked > limits.maxUnpacked) {
          return reject(new Error(`it unpacks to more than ${megabytes(limits.maxUnpacked)} MiB`));
        }
        readEntry(zip, entry).then((data) => {
          entries.push({ path: entry.fileName, data, modified: seconds(entry.getLastModDate()) });
          zip.readEntry();
        }, reject);
      });
      zip.readEntry();
    });
  } catch (error) {
    throw unreadableImport(name, `the zip is unsafe or damaged: ${(error as Error).message}`);
  } finally {
    zip.close();
  }
  return entries;
}

const megabytes = (bytes: number) => Math.floor(bytes / (1024 * 1024));
const seconds = (date: Date) => Math.max(0, Math.floor(date.getTime() / 1000));
