import net from 'node:net';

export interface RawAnswer {
  status: number | undefined;
  body: string;
}

/**
 * Sends bytes exactly as given (no client library fixing them up) and reads the answer until
 * the server closes the connection or `timeoutMs` passes.
 */
export function rawRequest(
  baseUrl: string,
  bytes: Buffer | string,
  timeoutMs = 5_000,
): Promise<RawAnswer> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const socket = net.connect(Number(port), hostname, () => socket.write(bytes));
    const finish = () => {
      clearTimeout(timer);
      socket.destroy();
      const text = Buffer.concat(chunks).toString('utf8');
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1];
      const body = text.slice(text.indexOf('\r\n\r\n') + 4);
      resolve({ status: status === undefined ? undefined : Number(status), body });
    };
    const timer = setTimeout(finish, timeoutMs);
    socket.on('data', (chunk) => {
      chunks.push(chunk);
      // One answer is all a case needs; keep-alive would otherwise hold the socket open.
      const text = Buffer.concat(chunks).toString('latin1');
      const head = text.indexOf('\r\n\r\n');
      const length = /content-length: (\d+)/i.exec(text.slice(0, head))?.[1];
      if (head >= 0 && length !== undefined && text.length - head - 4 >= Number(length)) finish();
    });
    socket.on('close', finish);
    socket.on('error', finish);
  });
}
