import http from 'node:http';
import type { ApiResponse } from './api-client.js';

/** `POST /api/attachments?name=…` with the file as the raw body. */
export async function upload(
  baseUrl: string,
  token: string | undefined,
  bytes: Uint8Array | string,
  name = 'file',
  headers: Record<string, string> = {},
): Promise<ApiResponse> {
  const response = await fetch(`${baseUrl}/api/attachments?name=${encodeURIComponent(name)}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/octet-stream',
      ...(token ? { token } : {}),
      ...headers,
    },
    body: typeof bytes === 'string' ? bytes : Buffer.from(bytes),
  });
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}

/** An upload sent but for its last byte, until `finish`; `answer` is the server's reply. */
export interface HeldUpload {
  answer: Promise<{ status: number; json: unknown }>;
  /** Whether the server has answered before the last byte was sent. */
  answered: () => boolean;
  finish(): void;
}

/** Starts an upload of `bytes` and holds it open before its last byte. */
export function heldUpload(
  baseUrl: string,
  token: string,
  bytes: Buffer,
  name = 'file',
): HeldUpload {
  let done = false;
  const request = http.request(`${baseUrl}/api/attachments?name=${encodeURIComponent(name)}`, {
    method: 'POST',
    agent: false,
    headers: {
      token,
      'content-type': 'application/octet-stream',
      'content-length': bytes.length,
    },
  });
  const answer = new Promise<{ status: number; json: unknown }>((resolve, reject) => {
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        done = true;
        // A refused upload's connection is closed: the rest of its body never comes.
        request.destroy();
        resolve({
          status: response.statusCode ?? 0,
          json: JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null'),
        });
      });
    });
    // A refused upload's connection closes under a write (EPIPE) while its answer may still be
    // on its way, whether or not the request has ended: it fails only if, once closed, no answer
    // came.
    request.on('error', (error: NodeJS.ErrnoException) => {
      const settle = () => {
        if (done) return;
        // The server closed the connection under the write: it refused the upload, and the
        // client lost its answer with the socket. Status 0 says so; anything else fails.
        if (error.code === 'EPIPE' || error.code === 'ECONNRESET') {
          done = true;
          resolve({ status: 0, json: null });
        } else reject(error);
      };
      if (request.closed) settle();
      else request.once('close', settle);
    });
  });
  request.write(bytes.subarray(0, -1));
  return {
    answer,
    answered: () => done,
    finish: () => request.end(bytes.subarray(-1)),
  };
}

/** `GET /api/attachments/{id}`; the body as bytes. */
export async function download(
  baseUrl: string,
  id: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Headers; bytes: Buffer }> {
  const response = await fetch(`${baseUrl}/api/attachments/${id}`, { headers });
  return {
    status: response.status,
    headers: response.headers,
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

/** The smallest PNG: one transparent pixel. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A small PDF's start: enough for its type to be read. */
export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n',
);

/**
 * A JPEG whose Exif holds an orientation and a GPS position (latitude 51°30'N), then a scan.
 * Built by hand, big-endian TIFF: IFD0 (Orientation, GPS pointer) and a GPS IFD of two entries.
 */
export function jpegWithLocation(): Buffer {
  const tiff = Buffer.alloc(8 + 2 + 24 + 4 + 2 + 24 + 4 + 24);
  tiff.write('MM', 0, 'latin1');
  tiff.writeUInt16BE(42, 2);
  tiff.writeUInt32BE(8, 4); // IFD0 at 8
  tiff.writeUInt16BE(2, 8);
  // Orientation = 6 (SHORT, inline)
  tiff.writeUInt16BE(0x0112, 10);
  tiff.writeUInt16BE(3, 12);
  tiff.writeUInt32BE(1, 14);
  tiff.writeUInt16BE(6, 18);
  // GPS IFD pointer (LONG)
  const gpsAt = 8 + 2 + 24 + 4;
  tiff.writeUInt16BE(0x8825, 22);
  tiff.writeUInt16BE(4, 24);
  tiff.writeUInt32BE(1, 26);
  tiff.writeUInt32BE(gpsAt, 30);
  tiff.writeUInt32BE(0, 34); // no next IFD
  tiff.writeUInt16BE(2, gpsAt);
  // GPSLatitudeRef = "N" (ASCII, 2 bytes, inline)
  tiff.writeUInt16BE(0x0001, gpsAt + 2);
  tiff.writeUInt16BE(2, gpsAt + 4);
  tiff.writeUInt32BE(2, gpsAt + 6);
  tiff.write('N\0', gpsAt + 10, 'latin1');
  // GPSLatitude = 51/1, 30/1, 0/1 (RATIONAL × 3 = 24 bytes, at an offset)
  const valuesAt = gpsAt + 2 + 24 + 4;
  tiff.writeUInt16BE(0x0002, gpsAt + 14);
  tiff.writeUInt16BE(5, gpsAt + 16);
  tiff.writeUInt32BE(3, gpsAt + 18);
  tiff.writeUInt32BE(valuesAt, gpsAt + 22);
  for (const [index, value] of [51, 30, 0].entries()) {
    tiff.writeUInt32BE(value, valuesAt + index * 8);
    tiff.writeUInt32BE(1, valuesAt + index * 8 + 4);
  }
  const exif = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const app1 = Buffer.alloc(4);
  app1.writeUInt16BE(0xffe1, 0);
  app1.writeUInt16BE(exif.length + 2, 2);
  const scan = Buffer.from([0xff, 0xda, 0x00, 0x02, 1, 2, 3, 4, 0xff, 0xd9]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app1, exif, scan]);
}
