import { readFileSync } from "node:fs";

/**
 * How long the event loop went without a turn while `work` ran (issue 31): a timer asks for a turn
 * every millisecond, and the figures are the widest gap between two of its turns, or between the last
 * one and the end of the work. (perf_hooks' monitorEventLoopDelay misses a stall that lasts until the
 * work ends: its timer never fires before it is read.)
 *
 * `heldMs` is that gap in the CPU time of the loop's own thread, `stallMs` in wall time. On a machine
 * shared with other work the wall gap also counts the time the scheduler gave the cores to someone else
 * (a loaded two-core machine turned a 60 ms turn into 300 ms), so the tests judge `heldMs`: how long our
 * code kept the loop, whatever the neighbours do. The bench reports both (bench/stalls-bench.ts).
 */
export async function longestStall<T>(
  work: () => Promise<T>,
): Promise<{ result: T; stallMs: number; heldMs: number }> {
  let lastWall = performance.now();
  let lastCpu = loopCpuMs();
  let widestWall = 0;
  let widestCpu = 0;
  const turn = () => {
    const wall = performance.now();
    const cpu = loopCpuMs();
    widestWall = Math.max(widestWall, wall - lastWall);
    widestCpu = Math.max(widestCpu, cpu - lastCpu);
    lastWall = wall;
    lastCpu = cpu;
  };
  const timer = setInterval(turn, 1);
  try {
    const result = await work();
    turn();
    return { result, stallMs: widestWall, heldMs: widestCpu };
  } finally {
    clearInterval(timer);
  }
}

/** Linux reports a thread's CPU time in ticks of 10 ms (USER_HZ). */
const TICK_MS = 10;

/**
 * The CPU time of the thread that runs the event loop. The process's own figure also counts the worker
 * threads that read heavy inputs (ADR 017), libuv's pool and the garbage collector's helpers, which run
 * beside the loop without holding it: a 2 MB calendar read in a worker would count as the loop's.
 * Read from /proc/thread-self/stat (fields 14 and 15 after the name); the process's figure where there is no /proc.
 */
function loopCpuMs(): number {
  let stat: string;
  try {
    stat = readFileSync("/proc/thread-self/stat", "utf8");
  } catch {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  }
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

/**
 * No handler may hold the event loop over 100 ms (issue 31, ADR 030). Judged in CPU time, the tests hold
 * our code to that figure itself: before the work gave way, a 1,000-class schedule save held 120–127 ms,
 * a 3,000-entry barn's PDF 345 ms and a tap to 5,000 streams 1,027 ms; after, each held 20–41 ms (load 6).
 * The exact figures are the bench's (bench/stalls-bench.ts).
 */
export const STALL_CEILING_MS = 100;
