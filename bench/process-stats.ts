import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

/** Resident set size of a process in bytes, from /proc or else `ps`; NaN if neither works. */
export function residentBytes(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
    if (match) return Number(match[1]) * 1024;
  } catch {
    // not Linux: fall through to ps
  }
  try {
    const kib = Number(
      execFileSync('ps', ['-o', 'rss=', '-p', String(pid)])
        .toString()
        .trim(),
    );
    return Number.isFinite(kib) ? kib * 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

let ticksPerSecond: number | undefined;

function clockTicks(): number {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

/** User + system CPU seconds a process (all its threads) has used; undefined off Linux. */
export function cpuSeconds(pid: number): number | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the parenthesised command name; utime and stime are fields 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / clockTicks();
  } catch {
    return undefined;
  }
}

/** The shell's open-file limit (`ulimit -n`), which the servers started from here inherit. */
export function openFileLimit(): number {
  try {
    const raw = execFileSync('sh', ['-c', 'ulimit -n']).toString().trim();
    return raw === 'unlimited' ? Number.POSITIVE_INFINITY : Number(raw);
  } catch {
    return Number.NaN;
  }
}
