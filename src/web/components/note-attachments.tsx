import { useEffect, useMemo, useState } from 'react';
import {
  attachmentPath,
  describeType,
  findReferences,
  formatSize,
} from '../attachments/attachment-reference.js';
import { browserTokenStorage } from '../session/token-storage.js';

/** Type and size of one attachment, as its answer's headers say, without its bytes. */
async function headOf(id: string): Promise<string | undefined> {
  try {
    const response = await fetch(attachmentPath(id), {
      method: 'HEAD',
      headers: { token: browserTokenStorage.read() },
    });
    if (!response.ok) return undefined;
    const type = (response.headers.get('content-type') ?? '').split(';')[0] ?? '';
    return `${describeType(type)}, ${formatSize(Number(response.headers.get('content-length')))}`;
  } catch {
    return undefined; // offline: the line shows the name alone
  }
}

/**
 * The lines of the Info popover that list the note's attachments with their type and size:
 * a file's link says them in its title; a picture's are asked of the server once the
 * popover is first shown (`active`).
 */
export function NoteAttachments({ body, active }: { body: string; active: boolean }) {
  const references = useMemo(() => {
    const seen = new Set<string>();
    return findReferences(body).filter(
      (reference) => !seen.has(reference.id) && seen.add(reference.id),
    );
  }, [body]);
  const [asked, setAsked] = useState<Record<string, string | undefined>>({});
  useEffect(() => {
    if (!active) return;
    const missing = references.filter((reference) => !reference.title && !(reference.id in asked));
    if (missing.length === 0) return;
    let current = true;
    void Promise.all(
      missing.map(async (reference) => [reference.id, await headOf(reference.id)] as const),
    ).then((found) => {
      if (current) setAsked((known) => ({ ...known, ...Object.fromEntries(found) }));
    });
    return () => {
      current = false;
    };
  }, [active, references, asked]);
  if (references.length === 0) return null;
  return (
    <>
      <span className="info__line info__heading">Attachments:</span>
      {references.map((reference) => {
        const details = reference.title || asked[reference.id];
        return (
          <span key={reference.id} className="info__line info__attachment">
            {reference.label || 'file'}
            {details ? ` — ${details}` : ''}
          </span>
        );
      })}
    </>
  );
}
