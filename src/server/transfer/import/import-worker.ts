import { parentPort } from 'node:worker_threads';
import { DomainError } from '../../domain-errors.js';
import type { ParsedImport } from './imported-note.js';
import { readImportFile } from './read-import-file.js';
import type { ZipLimits } from './safe-zip.js';
import { keepStorable } from './storable-notes.js';

/** One uploaded file to read, sent to the worker once it is ready. */
export interface ImportJob {
  name: string;
  data: Uint8Array;
  limits: ZipLimits;
  maxNoteBytes: number;
}

/** The worker's one answer: the notes, or why the file was refused, or what broke. */
export type ImportOutcome = { parsed: ParsedImport } | { refused: string } | { broken: string };

async function outcomeOf(job: ImportJob): Promise<ImportOutcome> {
  try {
    const data = Buffer.from(job.data.buffer, job.data.byteOffset, job.data.byteLength);
    const parsed = await readImportFile(job.name, data, job.limits);
    return { parsed: keepStorable(job.name, parsed, job.maxNoteBytes) };
  } catch (error) {
    if (error instanceof DomainError) return { refused: error.message };
    return { broken: (error as Error).message ?? String(error) };
  }
}

// Run as a worker (read-off-thread.ts): says it is ready, then answers each file it is sent.
const port = parentPort;
if (port) {
  port.on('message', async (job: ImportJob) => port.postMessage(await outcomeOf(job)));
  port.postMessage('ready');
}
