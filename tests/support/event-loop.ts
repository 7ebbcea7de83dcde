/**
 * The longest the event loop went without a turn while `work` ran, in ms (issue 31): a timer asks
 * for a turn every millisecond, and the figure is the widest gap between two of its turns, or between
 * the last one and the end of the work. (perf_hooks' monitorEventLoopDelay misses a stall that lasts
 * until the work ends: its timer never fires before it is read.)
 */
export async function longestStall<T>(work: () => Promise<T>): Promise<{ result: T; stallMs: number }> {
  let last = performance.now();
  let widest = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    widest = Math.max(widest, now - last);
    last = now;
  }, 1);
  try {
    const result = await work();
    return { result, stallMs: Math.max(widest, performance.now() - last) };
  } finally {
    clearInterval(timer);
  }
}

/**
 * No handler may hold the event loop over 100 ms (issue 31, ADR 030). Tests allow 250 ms: the machine
 * running them is shared, and a busy neighbour or a garbage collection can add tens of ms to any turn;
 * the exact figures are the bench's (bench/stalls-bench.ts).
 */
export const STALL_CEILING_MS = 250;
