import { writeFile } from 'node:fs/promises';
import type { CDPSession } from '@playwright/test';

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { type?: string } };
}

/**
 * Chromium's own record of the page's main thread while `during` runs; also written to `keepAs`
 * when given, for DevTools' Performance panel.
 */
export async function traceMainThread(
  cdp: CDPSession,
  during: () => Promise<void>,
  keepAs?: string,
): Promise<TraceEvent[]> {
  await cdp.send('Tracing.start', {
    categories: 'devtools.timeline,disabled-by-default-devtools.timeline',
    transferMode: 'ReturnAsStream',
  });
  await during();
  const complete = new Promise<string>((resolve) =>
    cdp.once('Tracing.tracingComplete', (event) => resolve(event.stream ?? '')),
  );
  await cdp.send('Tracing.end');
  const handle = await complete;
  let text = '';
  for (;;) {
    const chunk = await cdp.send('IO.read', { handle });
    text += chunk.base64Encoded ? Buffer.from(chunk.data, 'base64').toString() : chunk.data;
    if (chunk.eof) break;
  }
  await cdp.send('IO.close', { handle });
  if (keepAs) await writeFile(keepAs, text);
  const parsed = JSON.parse(text) as { traceEvents?: TraceEvent[] } | TraceEvent[];
  return Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? []);
}

/**
 * The main thread's work (its tasks, in ms) that each keystroke of the trace caused: every task
 * that ended after one keydown and before the next counts for that key, its save and the
 * answers to it included.
 */
export function workPerKeystroke(events: TraceEvent[]): number[] {
  const main = events.find(
    (event) =>
      event.ph === 'M' && event.name === 'thread_name' && event.args?.name === 'CrRendererMain',
  );
  if (!main) return [];
  const onMain = events.filter((event) => event.pid === main.pid && event.tid === main.tid);
  const keydowns = onMain
    .filter((event) => event.name === 'EventDispatch' && event.args?.data?.type === 'keydown')
    .map((event) => event.ts)
    .sort((a, b) => a - b);
  const work = keydowns.map(() => 0);
  for (const task of onMain) {
    if (task.name !== 'RunTask' || task.ph !== 'X' || task.dur === undefined) continue;
    const end = task.ts + task.dur;
    let key = -1;
    while (key + 1 < keydowns.length && (keydowns[key + 1] as number) <= end) key += 1;
    if (key >= 0) work[key] = (work[key] ?? 0) + task.dur / 1000;
  }
  return work;
}
