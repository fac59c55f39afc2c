import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { makeTempDir, removeTempDir } from './temp-dir.js';

/** Debian's nginx binary, or undefined when it is not installed. */
export function findNginx(): string | undefined {
  const candidates = ['/usr/sbin/nginx', '/usr/local/sbin/nginx'];
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    candidates.push(path.join(dir, 'nginx'));
  }
  return candidates.find((file) => {
    try {
      fs.accessSync(file, fs.constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/** A loopback port that was free a moment ago. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface RunningNginx {
  url: string;
  pid: number;
  /** What reached which upstream: lines of `uri status upstream-address`. */
  accessLog(): string;
  stop(): Promise<void>;
}

/**
 * Runs nginx in the foreground as a child process, everything (config, logs, temp files, pid)
 * in a temp dir, with `site` as the contents of its `http` block.
 */
export async function startNginx(
  binary: string,
  site: string,
  port: number,
): Promise<RunningNginx> {
  const dir = makeTempDir();
  // Worker processes may run as another user when the tests run as root.
  fs.chmodSync(dir, 0o755);
  const file = (name: string) => path.join(dir, name);
  const temps = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'];
  fs.writeFileSync(
    file('nginx.conf'),
    `worker_processes 1;
error_log ${file('error.log')} warn;
events { worker_connections 256; }
http {
  log_format upstreams '$request_uri $status $upstream_addr';
  access_log ${file('access.log')} upstreams;
  ${temps.map((temp) => `${temp}_temp_path ${file(temp)};`).join('\n  ')}
${site}
}
`,
  );
  const child: ChildProcess = spawn(
    binary,
    [
      '-p',
      dir,
      '-e',
      file('error.log'),
      '-c',
      file('nginx.conf'),
      '-g',
      `daemon off; pid ${file('nginx.pid')};`,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const read = (name: string) =>
    fs.existsSync(file(name)) ? fs.readFileSync(file(name), 'utf8') : '';
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    removeTempDir(dir);
  };

  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if (child.exitCode !== null) break;
    try {
      await fetch(`${url}/api/health`);
      return { url, pid: child.pid as number, accessLog: () => read('access.log'), stop };
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  const log = `${stderr}${read('error.log')}`;
  await stop();
  throw new Error(`nginx did not start:\n${log}`);
}
