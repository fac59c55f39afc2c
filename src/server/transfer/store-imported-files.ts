import type { AttachmentStore } from '../attachments/attachment-store.js';
import { DomainError } from '../domain-errors.js';
import { fileMarks } from './import/imported-files.js';
import type { ParsedImport } from './import/imported-note.js';

async function* once(data: Uint8Array): AsyncGenerator<Uint8Array> {
  yield data;
}

/**
 * Stores the files an import brought as the account's attachments and points the notes' marks
 * at them (`/api/attachments/ID`). A file that cannot be stored (too large, past the quota,
 * attachments off) is listed in `failed`, and its notes keep its name as readable text.
 */
export async function storeImportedFiles(
  store: AttachmentStore | undefined,
  userId: string,
  parsed: ParsedImport,
): Promise<ParsedImport> {
  if (!parsed.files) return parsed;
  const { nonce, list } = parsed.files;
  const failed = [...parsed.failed];
  const targets: string[] = [];
  for (const file of list) {
    if (!store) {
      failed.push({ name: file.name, error: 'this server does not keep attachments' });
      targets.push(file.name);
      continue;
    }
    try {
      const attachment = await store.store(userId, file.name, once(file.data));
      targets.push(`/api/attachments/${attachment.id}`);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      failed.push({ name: file.name, error: error.message });
      targets.push(file.name);
    }
  }
  const notes = parsed.notes.map((note) => ({
    ...note,
    body: note.body.replace(
      fileMarks(nonce),
      (_mark, index: string) => targets[Number(index)] ?? '',
    ),
  }));
  return { notes, failed, changed: parsed.changed };
}
