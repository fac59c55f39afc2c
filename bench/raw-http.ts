import net from 'node:net';

export interface RawResponse {
  status: number;
  /** Header names lower-cased. */
  headers: Map<string, string>;
  /** Body bytes as they came over the wire (compressed when the server compressed). */
  bodyBytes: number;
  /** The wire body, only when asked for. */
  body?: Buffer;
}

/** One request's bytes, built once so the load loop spends nothing on building it again. */
export function buildRequest(
  method: string,
  target: string,
  headers: Record<string, string>,
  body?: string,
): Buffer {
  const payload = body === undefined ? undefined : Buffer.from(body);
  const lines = [`${method} ${target} HTTP/1.1`, 'host: 127.0.0.1'];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  if (payload) lines.push(`content-length: ${payload.length}`);
  const head = Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1');
  return payload ? Buffer.concat([head, payload]) : head;
}

interface Pending {
  resolve(response: RawResponse): void;
  reject(error: Error): void;
  keepBody: boolean;
}

type Phase = 'head' | 'fixed' | 'chunk-size' | 'chunk-data' | 'chunk-end' | 'trailer';

/**
 * A keep-alive HTTP/1.1 connection that sends one request at a time and reads the answer with
 * as little work as possible, so a load run measures the server rather than the client.
 * Handles content-length and chunked bodies; that is all the servers under test send.
 */
export class RawConnection {
  private socket: net.Socket | undefined;
  private pending: Pending | undefined;
  private phase: Phase = 'head';
  private head: Buffer | undefined;
  private line = '';
  private remaining = 0;
  private status = 0;
  private headers = new Map<string, string>();
  private bodyBytes = 0;
  private chunks: Buffer[] = [];

  constructor(private readonly port: number) {}

  request(bytes: Buffer, keepBody = false): Promise<RawResponse> {
    if (this.pending) return Promise.reject(new Error('a request is already in flight'));
    const socket = this.connected();
    return new Promise((resolve, reject) => {
      this.pending = { resolve, reject, keepBody };
      socket.write(bytes);
    });
  }

  close(): void {
    this.socket?.destroy();
    this.socket = undefined;
  }

  private connected(): net.Socket {
    if (this.socket && !this.socket.destroyed) return this.socket;
    const socket = net.connect({ host: '127.0.0.1', port: this.port, noDelay: true });
    socket.on('data', (data: Buffer) => this.onData(data));
    const fail = (error: Error) => {
      if (this.socket === socket) this.socket = undefined;
      this.fail(error);
    };
    socket.on('error', fail);
    socket.on('close', () => fail(new Error('connection closed by the server')));
    this.socket = socket;
    this.phase = 'head';
    this.head = undefined;
    return socket;
  }

  private fail(error: Error): void {
    const pending = this.pending;
    this.pending = undefined;
    this.phase = 'head';
    this.head = undefined;
    pending?.reject(error);
  }

  private onData(chunk: Buffer): void {
    let data = chunk;
    while (data.length > 0 && this.pending) {
      switch (this.phase) {
        case 'head': {
          const head = this.head ? Buffer.concat([this.head, data]) : data;
          const end = head.indexOf('\r\n\r\n');
          if (end === -1) {
            this.head = head;
            return;
          }
          this.head = undefined;
          this.startBody(head.subarray(0, end).toString('latin1'));
          data = head.subarray(end + 4);
          break;
        }
        case 'fixed':
        case 'chunk-data': {
          const take = Math.min(this.remaining, data.length);
          this.take(data.subarray(0, take));
          this.remaining -= take;
          data = data.subarray(take);
          if (this.remaining === 0) {
            if (this.phase === 'fixed') this.finish();
            else {
              this.phase = 'chunk-end';
              this.remaining = 2; // the CRLF after each chunk's data
            }
          }
          break;
        }
        case 'chunk-end': {
          const take = Math.min(this.remaining, data.length);
          this.remaining -= take;
          data = data.subarray(take);
          if (this.remaining === 0) this.phase = 'chunk-size';
          break;
        }
        case 'chunk-size':
        case 'trailer': {
          const newline = data.indexOf(10);
          this.line += data.subarray(0, newline === -1 ? data.length : newline).toString('latin1');
          if (newline === -1) return;
          data = data.subarray(newline + 1);
          const line = this.line.trim();
          this.line = '';
          if (this.phase === 'trailer') {
            if (line === '') this.finish();
          } else {
            const size = Number.parseInt(line.split(';')[0] ?? '', 16);
            if (!Number.isFinite(size)) {
              this.close();
              this.fail(new Error(`bad chunk size line: ${line}`));
              return;
            }
            if (size === 0) this.phase = 'trailer';
            else {
              this.phase = 'chunk-data';
              this.remaining = size;
            }
          }
          break;
        }
      }
    }
  }

  private startBody(head: string): void {
    const [statusLine = '', ...headerLines] = head.split('\r\n');
    this.status = Number(statusLine.split(' ')[1]);
    this.headers = new Map();
    for (const headerLine of headerLines) {
      const colon = headerLine.indexOf(':');
      if (colon > 0) {
        this.headers.set(
          headerLine.slice(0, colon).trim().toLowerCase(),
          headerLine.slice(colon + 1).trim(),
        );
      }
    }
    this.bodyBytes = 0;
    this.chunks = [];
    if (this.headers.get('transfer-encoding')?.toLowerCase().includes('chunked')) {
      this.phase = 'chunk-size';
      return;
    }
    this.remaining = Number(this.headers.get('content-length') ?? 0);
    this.phase = 'fixed';
    if (this.remaining === 0) this.finish();
  }

  private take(part: Buffer): void {
    this.bodyBytes += part.length;
    if (this.pending?.keepBody) this.chunks.push(part);
  }

  private finish(): void {
    const pending = this.pending;
    this.pending = undefined;
    this.phase = 'head';
    if (!pending) return;
    const response: RawResponse = {
      status: this.status,
      headers: this.headers,
      bodyBytes: this.bodyBytes,
    };
    if (pending.keepBody) response.body = Buffer.concat(this.chunks);
    this.chunks = [];
    pending.resolve(response);
  }
}
