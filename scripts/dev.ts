import { type ChildProcess, spawn } from 'node:child_process';

/**
 * `npm run dev`: the API server (restarting on change) and the Vite dev server side by side.
 * Signals go to both; when either one exits, the other is stopped and this exits too.
 */
const children: ChildProcess[] = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'src/server/main.ts', 'serve'], {
    stdio: 'inherit',
  }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js'], { stdio: 'inherit' }),
];

let exiting = false;

function stopAll(signal: NodeJS.Signals): void {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  }
}

for (const child of children) {
  child.on('exit', (code, signal) => {
    if (exiting) return;
    exiting = true;
    stopAll('SIGTERM');
    process.exitCode = code ?? (signal ? 1 : 0);
  });
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    exiting = true;
    stopAll(signal);
  });
}
