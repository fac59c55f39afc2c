import type { Page } from '@playwright/test';
import type { ApiClient } from './api.js';
import { editor } from './notes-page.js';

/** Puts a picture on the clipboard as a screenshot tool would: a PNG drawn in the page. */
export async function copyPictureToClipboard(page: Page): Promise<void> {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.evaluate(async () => {
    const canvas = new OffscreenCanvas(320, 180);
    const draw = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D;
    draw.fillStyle = '#2a6f97';
    draw.fillRect(0, 0, 320, 180);
    draw.fillStyle = '#f4d35e';
    draw.beginPath();
    draw.arc(230, 70, 40, 0, Math.PI * 2);
    draw.fill();
    draw.fillStyle = '#ffffff';
    draw.font = 'bold 28px sans-serif';
    draw.fillText('Whiteboard', 20, 150);
    const blob = await canvas.convertToBlob({ type: 'image/png' });
    await navigator.clipboard.write([new ClipboardItem({ 'image/png': blob })]);
  });
}

/** A small PDF, as bytes. */
export const PDF_BYTES = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

/** Drops a file on the editor's text as a file manager would, at the end of a line. */
export async function dropFileOnEditor(
  page: Page,
  file: { name: string; type: string; bytes: Buffer },
  line: 'first' | 'last' = 'first',
) {
  const { name, type, bytes } = file;
  const lines = editor(page).locator('.cm-line');
  const box = await (line === 'first' ? lines.first() : lines.last()).boundingBox();
  if (!box) throw new Error('the editor has no first line');
  const transfer = await page.evaluateHandle(
    ({ name, type, data }) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(data)], name, { type }));
      return transfer;
    },
    { name, type, data: [...bytes] },
  );
  const at = { clientX: box.x + box.width - 2, clientY: box.y + box.height / 2 };
  for (const event of ['dragenter', 'dragover', 'drop']) {
    await editor(page).dispatchEvent(event, { dataTransfer: transfer, ...at });
  }
}

/** The smallest PNG: one pixel. */
export const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** Uploads a file as another device of the account would; its id. */
export async function uploadFile(api: ApiClient, bytes: Buffer, name: string): Promise<string> {
  const response = await fetch(
    new URL(`/api/attachments?name=${encodeURIComponent(name)}`, api.baseUrl),
    {
      method: 'POST',
      headers: { token: api.token, 'content-type': 'application/octet-stream' },
      body: new Uint8Array(bytes),
    },
  );
  if (response.status !== 201) throw new Error(`upload answered ${response.status}`);
  return ((await response.json()) as { id: string }).id;
}
