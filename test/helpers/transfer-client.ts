import { unzipSync } from 'fflate';
import type { ImportSummary } from '../../src/shared/note-transfer.js';

/** `GET /api/export` as bytes, with the answer's headers. */
export async function exportZip(baseUrl: string, token: string) {
  const response = await fetch(`${baseUrl}/api/export`, { headers: { token } });
  return {
    status: response.status,
    headers: response.headers,
    data: new Uint8Array(await response.arrayBuffer()),
  };
}

/** The files of a zip by name, as text. */
export function zipTexts(data: Uint8Array): Record<string, string> {
  const files = unzipSync(data);
  return Object.fromEntries(
    Object.entries(files).map(([name, bytes]) => [name, new TextDecoder().decode(bytes)]),
  );
}

/** An import's summary, or the error that refused the file. */
type ImportResult = ImportSummary & { error?: string; code?: string };

/** `POST /api/import` with a file as the body, the way the web client sends it. */
export async function importFile(
  baseUrl: string,
  token: string,
  data: Uint8Array | string,
  name?: string,
): Promise<{ status: number; json: ImportResult }> {
  const query = name === undefined ? '' : `?name=${encodeURIComponent(name)}`;
  const response = await fetch(`${baseUrl}/api/import${query}`, {
    method: 'POST',
    headers: { token, 'content-type': 'application/octet-stream' },
    body: typeof data === 'string' ? data : Buffer.from(data),
  });
  return { status: response.status, json: (await response.json()) as ImportResult };
}

/**
 * An import whose body is held back after its first bytes until `release` is called, so the
 * import holds its place for as long as a test needs. Its request is half duplex: even when
 * refused, `answer` comes only once it is released. Its text names the file, so two held
 * imports of different names are different notes.
 */
export function heldImport(baseUrl: string, token: string, name: string) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      controller.enqueue(encoder.encode(`# Held back: ${name}\n`));
      await released;
      controller.enqueue(encoder.encode('until the test let it go'));
      controller.close();
    },
  });
  const answer = fetch(`${baseUrl}/api/import?name=${encodeURIComponent(name)}`, {
    method: 'POST',
    headers: { token, 'content-type': 'application/octet-stream' },
    body,
    duplex: 'half',
  } as RequestInit).then(async (response) => ({
    status: response.status,
    json: (await response.json()) as ImportResult,
  }));
  return { answer, release };
}
