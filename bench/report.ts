import os from 'node:os';

/** The report goes to stdout; progress goes to stderr, so `npm run bench > out.txt` keeps tables. */
export const print = (text = '') => process.stdout.write(`${text}\n`);
export const progress = (message: string) => process.stderr.write(`… ${message}\n`);

/** The last minute's load average, printed with each section: busy neighbours skew results. */
export const loadAverage = () => `load average ${os.loadavg()[0]?.toFixed(1)}`;
