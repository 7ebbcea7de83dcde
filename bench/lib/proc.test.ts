import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { cpuTicksOf, memoryTrend, parentPidOf, rssBytesOf } from "./proc.ts";

describe("reading /proc", () => {
  it("reads VmRSS in bytes", () => {
    const status = "Name:\tnode\nVmPeak:\t  999 kB\nVmRSS:\t  123456 kB\nRssAnon:\t 1 kB\n";
    expect(rssBytesOf(status)).toBe(123456 * 1024);
    expect(() => rssBytesOf("Name:\tnode\n")).toThrow(/VmRSS/);
  });

  it("adds utime and stime, counting fields from the command name's last parenthesis", () => {
    const rest = "S 41 42 42 0 -1 4194560 100 0 0 0 734 266 0 0 20 0 11 0 5000 1000 2000";
    expect(cpuTicksOf(`4242 (node) ${rest}`)).toBe(1000);
    // A command name with spaces and a parenthesis of its own.
    expect(cpuTicksOf(`4242 (nginx: worker) (x) ${rest}`)).toBe(1000);
    expect(parentPidOf(`4242 (nginx: worker) (x) ${rest}`)).toBe(41);
  });

  it("reads this process's own files", () => {
    expect(rssBytesOf(readFileSync("/proc/self/status", "utf8"))).toBeGreaterThan(1024 * 1024);
    expect(cpuTicksOf(readFileSync("/proc/self/stat", "utf8"))).toBeGreaterThanOrEqual(0);
    expect(parentPidOf(readFileSync("/proc/self/stat", "utf8"))).toBe(process.ppid);
  });
});

describe("memoryTrend", () => {
  const minute = 60_000;
  const MB = 1024 * 1024;
  const series = (values: number[]) => values.map((mb, i) => ({ at: i * minute, bytes: mb * MB }));

  it.each([
    ["steady", [300, 300, 300, 300, 300], 100, true, 0],
    ["a rise a collection took back", [300, 310, 320, 330, 290], 100, true, 0],
    [
      "a collection just before the last sample does not hide a rise",
      [300, 320, 340, 360, 300],
      100,
      false,
      16,
    ],
    ["noise around a level", [300, 305, 298, 304, 301], 100, true, 0.1],
    ["rising by a fifth of the crowd's memory", [300, 305, 310, 315, 320], 100, false, 20],
  ])("%s", (_, values, crowdMb, flat, growthPercent) => {
    const trend = memoryTrend(series(values), crowdMb * MB);
    expect(trend.flat).toBe(flat);
    expect(trend.growth * 100).toBeCloseTo(growthPercent, 0);
    expect(trend.first).toBe(values[0]! * MB);
    expect(trend.last).toBe(values.at(-1)! * MB);
    expect(trend.max).toBe(Math.max(...values) * MB);
  });

  it("states the slope per minute", () => {
    expect(memoryTrend(series([100, 102, 104]), 50 * MB).perMinute).toBeCloseTo(2 * MB);
  });

  it("needs two samples", () => {
    expect(() => memoryTrend(series([100]), MB)).toThrow();
  });
});
