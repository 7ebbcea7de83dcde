/**
 * What a process costs, read from Linux's /proc (the watchers bench, issue 35): its resident memory and
 * the CPU time it has used, and whether a series of memory samples stayed flat.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";

/** Resident memory in bytes from the text of /proc/<pid>/status (its `VmRSS:` line, in kB). */
export function rssBytesOf(status: string): number {
  const found = status.match(/^VmRSS:\s+(\d+)\s+kB$/m);
  if (!found) throw new Error("no VmRSS line in /proc/<pid>/status");
  return Number(found[1]) * 1024;
}

/**
 * CPU time used, user and system together, in clock ticks, from the text of /proc/<pid>/stat. The
 * command name (field 2) is in parentheses and may hold spaces or parentheses itself, so the fields are
 * counted from its last `)`: utime and stime are fields 14 and 15.
 */
export function cpuTicksOf(stat: string): number {
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // fields[0] is field 3 (state).
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  if (!Number.isFinite(utime) || !Number.isFinite(stime)) throw new Error("unreadable /proc/<pid>/stat");
  return utime + stime;
}

/** The parent's pid (field 4) from the text of /proc/<pid>/stat. */
export function parentPidOf(stat: string): number {
  return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
}

let ticksPerSecond: number | undefined;
/** The kernel's clock ticks per second (getconf CLK_TCK; 100 on every Linux we run on). */
export function clockTicks(): number {
  ticksPerSecond ??= Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
  return ticksPerSecond;
}

export interface ProcessSample {
  rssBytes: number;
  /** CPU time used so far, in seconds. */
  cpuSeconds: number;
}

/** One process's memory and CPU time now. */
export function sampleProcess(pid: number): ProcessSample {
  return {
    rssBytes: rssBytesOf(readFileSync(`/proc/${pid}/status`, "utf8")),
    cpuSeconds: cpuTicksOf(readFileSync(`/proc/${pid}/stat`, "utf8")) / clockTicks(),
  };
}

/** Several processes' samples added up. */
export function sampleProcesses(pids: readonly number[]): ProcessSample {
  return pids
    .map(sampleProcess)
    .reduce(
      (sum, s) => ({ rssBytes: sum.rssBytes + s.rssBytes, cpuSeconds: sum.cpuSeconds + s.cpuSeconds }),
      { rssBytes: 0, cpuSeconds: 0 },
    );
}

export interface MemoryTrend {
  first: number;
  last: number;
  min: number;
  max: number;
  /** Least-squares slope over the samples, bytes per minute. */
  perMinute: number;
  /** The slope over the whole period, as a share of what the crowd itself added. */
  growth: number;
  flat: boolean;
}

/**
 * Whether memory held steady over a hold: the least-squares line through the samples (`at` in ms) rises
 * by no more than `tolerance` (a share, default 10 %) of `crowdBytes`, the memory the crowd added when it
 * came. A line rather than first against last, so one garbage collection landing just before the last
 * sample neither hides nor invents a rise.
 */
export function memoryTrend(
  samples: readonly { at: number; bytes: number }[],
  crowdBytes: number,
  tolerance = 0.1,
): MemoryTrend {
  if (samples.length < 2) throw new Error("a trend needs two samples or more");
  const n = samples.length;
  const meanAt = samples.reduce((s, x) => s + x.at, 0) / n;
  const meanBytes = samples.reduce((s, x) => s + x.bytes, 0) / n;
  const covariance = samples.reduce((s, x) => s + (x.at - meanAt) * (x.bytes - meanBytes), 0);
  const variance = samples.reduce((s, x) => s + (x.at - meanAt) ** 2, 0);
  const perMs = variance === 0 ? 0 : covariance / variance;
  const span = samples[n - 1]!.at - samples[0]!.at;
  const growth = crowdBytes > 0 ? (perMs * span) / crowdBytes : 0;
  const bytes = samples.map((s) => s.bytes);
  return {
    first: samples[0]!.bytes,
    last: samples[n - 1]!.bytes,
    min: Math.min(...bytes),
    max: Math.max(...bytes),
    perMinute: perMs * 60_000,
    growth,
    flat: growth <= tolerance,
  };
}
