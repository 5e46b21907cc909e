// The second process of the "API latency while ingesting" bench: sends one authenticated request every
// 1000 / BENCH_PROBE_RATE ms to BENCH_PROBE_URL on a schedule that does not wait for the answers (open loop:
// a stalled server shows as slow answers, not as fewer requests), and answers each `{ stop: true }` message
// with the latencies (ms) of the requests sent since the last one.
import { Agent, request } from 'node:http';

const url = process.env.BENCH_PROBE_URL as string;
const token = process.env.BENCH_PROBE_TOKEN as string;
const periodMs = 1000 / Number(process.env.BENCH_PROBE_RATE ?? 50);
const agent = new Agent({ keepAlive: true, maxSockets: 64 });

let latencies: number[] = [];
let failures = 0;
let inFlight = 0;
/** Which schedule sends now: a schedule stops as soon as it is no longer the current one (stop, or a new start). */
let schedule = 0;
let sending = false;

/** One GET, its whole answer read: its status. */
function get(): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent, headers: { authorization: `Bearer ${token}` } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

async function probe(): Promise<void> {
  const started = performance.now();
  inFlight++;
  try {
    if ((await get()) !== 200) failures++;
    latencies.push(performance.now() - started);
  } catch {
    failures++;
  } finally {
    inFlight--;
  }
}

async function sendUntilStopped(own: number): Promise<void> {
  const start = performance.now();
  for (let i = 0; sending && schedule === own; i++) {
    const wait = start + i * periodMs - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    if (sending && schedule === own) void probe();
  }
}

process.on('message', async (message: { start?: true; stop?: true }) => {
  if (message.start) {
    sending = true;
    void sendUntilStopped(++schedule);
    return;
  }
  sending = false;
  schedule++;
  // The answers still on their way count too.
  while (inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 10));
  process.send?.({ latencies, failures });
  latencies = [];
  failures = 0;
});
process.send?.({ ready: true });
