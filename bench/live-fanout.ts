import WebSocket from 'ws';
import { type BenchNote, createNote, inParallel, signUp } from './api.js';
import { openFileLimit } from './process-stats.js';
import { buildRequest, RawConnection } from './raw-http.js';
import type { ServerProcess } from './server-process.js';
import type { Settings } from './settings.js';
import { type LatencySummary, summarize } from './stats.js';

const SIGNUP_PARALLEL = 8;
const OPEN_PARALLEL = 50;
const READY_TIMEOUT_MS = 10_000;
const DELIVERY_TIMEOUT_MS = 2_000;
/** Descriptors kept free besides the sockets: the database, logs, the HTTP client. */
const SPARE_DESCRIPTORS = 256;

/** How many sockets fit under `ulimit -n` (each end of each socket is one descriptor). */
export function socketBudget(
  wanted: number,
  perUser: number,
): { sockets: number; warning?: string } {
  const limit = openFileLimit();
  if (!Number.isFinite(limit) || wanted + SPARE_DESCRIPTORS <= limit) return { sockets: wanted };
  const sockets = Math.max(perUser, Math.floor((limit - SPARE_DESCRIPTORS) / perUser) * perUser);
  return {
    sockets,
    warning: `ulimit -n is ${limit}: opening ${sockets} sockets instead of ${wanted} (raise it with \`ulimit -n 4096\`)`,
  };
}

interface Delivery {
  userIndex: number;
  marker: string;
  sentAt: number;
  /** Past the warm-up: its latencies count. */
  measured: boolean;
  received: number;
  done(): void;
}

export interface FanoutRig {
  users: number;
  sockets: number;
  openSeconds: number;
  measure(): Promise<FanoutResult>;
  close(): Promise<void>;
}

export interface FanoutResult {
  updates: number;
  /** Time from sending the PUT to each of the user's sockets receiving the update. */
  delivery: LatencySummary;
  /** The PUT's own answer time, for comparison. */
  put: LatencySummary;
  /** Deliveries that never arrived within the timeout. */
  lost: number;
  /** Updates that reached a socket they were not meant for, or arrived twice or late. */
  unexpected: number;
}

/**
 * Updates sent first and not counted, a quarter as many, as the load scenarios have a warm-up:
 * the 2,000 sockets were opened just before, and the young-generation collections that follow
 * promote what they hold (seen in Quire during the first fan-out updates; bench/RESULTS.md).
 */
const WARMUP_SHARE = 4;

function openSocket(url: string, token: string, onUpdate: (message: string) => void) {
  return new Promise<WebSocket>((resolve, reject) => {
    const socket = new WebSocket(url, { perMessageDeflate: false });
    const timer = setTimeout(() => {
      socket.terminate();
      reject(new Error('no ready message in time'));
    }, READY_TIMEOUT_MS);
    socket.once('open', () => socket.send(JSON.stringify({ event: 'auth', payload: token })));
    socket.once('error', reject);
    socket.once('message', (data) => {
      clearTimeout(timer);
      if (!data.toString().includes('"ready"')) reject(new Error(`expected ready: ${data}`));
      socket.on('message', (more) => onUpdate(more.toString()));
      resolve(socket);
    });
  });
}

/**
 * Signs up `sockets / perUser` users, gives the ones that will be updated a note each, and opens
 * every user's sockets, authenticated. Nothing is measured until `measure()`.
 */
export async function openFanoutRig(
  server: ServerProcess,
  sockets: number,
  settings: Settings,
): Promise<FanoutRig> {
  const perUser = settings.socketsPerUser;
  const users = Math.floor(sockets / perUser);
  const indexes = Array.from({ length: users }, (_, i) => i);
  const tokens = await inParallel(indexes, SIGNUP_PARALLEL, (i) =>
    signUp(server.url, `live-${i}@bench.test`),
  );
  // Updated users are spread over all of them, so they are not all the oldest sockets.
  const targetCount = Math.min(settings.liveUpdates, users);
  const targets = Array.from({ length: targetCount }, (_, k) =>
    Math.floor((k * users) / targetCount),
  );
  const notes = new Map<number, BenchNote>();
  for (const userIndex of targets) {
    notes.set(userIndex, await createNote(server.url, tokens[userIndex] as string, '# Live'));
  }

  let current: Delivery | undefined;
  const latencies: number[] = [];
  let unexpected = 0;
  const onUpdate = (userIndex: number, message: string) => {
    const at = performance.now();
    const delivery = current;
    if (!delivery || delivery.userIndex !== userIndex || !message.includes(delivery.marker)) {
      unexpected += 1;
      return;
    }
    if (delivery.measured) latencies.push(at - delivery.sentAt);
    delivery.received += 1;
    if (delivery.received === perUser) delivery.done();
  };

  const openStart = performance.now();
  const socketUrl = `${server.url.replace(/^http/, 'ws')}/socket`;
  const slots = indexes.flatMap((userIndex) => Array.from({ length: perUser }, () => userIndex));
  const opened: WebSocket[] = [];
  try {
    await inParallel(slots, OPEN_PARALLEL, async (userIndex) => {
      const socket = await openSocket(socketUrl, tokens[userIndex] as string, (message) =>
        onUpdate(userIndex, message),
      );
      opened.push(socket);
    });
  } catch (error) {
    for (const socket of opened) socket.terminate();
    throw error;
  }
  const openSeconds = (performance.now() - openStart) / 1000;

  let measures = 0;
  const measure = async (): Promise<FanoutResult> => {
    // Each measure writes texts of its own: a save of a note's current text changes nothing and
    // is rightly not broadcast.
    const run = measures++;
    latencies.length = 0;
    unexpected = 0;
    const connection = new RawConnection(server.port);
    const putTimes: number[] = [];
    let lost = 0;
    try {
      const warmup = Math.ceil(settings.liveUpdates / WARMUP_SHARE);
      for (let k = 0; k < warmup + settings.liveUpdates; k += 1) {
        const measured = k >= warmup;
        const userIndex = targets[k % targets.length] as number;
        const note = notes.get(userIndex) as BenchNote;
        const marker = `Live update ${run}.${k}.`;
        const request = buildRequest(
          'PUT',
          '/api/notes',
          { 'content-type': 'application/json', token: tokens[userIndex] as string },
          JSON.stringify({ id: note.id, body: `# Live\n\n${marker}` }),
        );
        let timer: NodeJS.Timeout | undefined;
        let done = () => {};
        const arrived = new Promise<void>((resolve) => {
          done = resolve;
          timer = setTimeout(resolve, DELIVERY_TIMEOUT_MS);
        });
        const delivery: Delivery = {
          userIndex,
          marker,
          sentAt: performance.now(),
          measured,
          received: 0,
          done,
        };
        current = delivery;
        const response = await connection.request(request);
        if (measured) putTimes.push(performance.now() - delivery.sentAt);
        if (response.status !== 200) throw new Error(`live PUT answered ${response.status}`);
        await arrived;
        clearTimeout(timer);
        if (measured) lost += perUser - delivery.received;
        current = undefined;
        await new Promise((resolve) => setTimeout(resolve, settings.liveGapMs));
      }
    } finally {
      connection.close();
    }
    return {
      updates: settings.liveUpdates,
      delivery: summarize(latencies),
      put: summarize(putTimes),
      lost,
      unexpected,
    };
  };

  const close = async () => {
    const closed = opened.map(
      (socket) => new Promise<void>((resolve) => socket.once('close', () => resolve())),
    );
    for (const socket of opened) socket.close(1000);
    const timer = setTimeout(() => {
      for (const socket of opened) socket.terminate();
    }, 3000);
    await Promise.all(closed);
    clearTimeout(timer);
  };

  return { users, sockets: opened.length, openSeconds, measure, close };
}
