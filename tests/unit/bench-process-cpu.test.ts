// The bench's database CPU per request sums every process of one name; these pin what it sums.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { processesCpu, processesCpuMsSince } from "../../bench/http/process-cpu";

const ownCommand = () => { const stat = readFileSync("/proc/self/stat", "utf8"); return stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")")); };
// 50 ms of this process's own CPU, however busy the machine (/proc counts in 10 ms ticks)
const spin = () => { const start = process.cpuUsage(); let x = 0; while (process.cpuUsage(start).user < 50_000) x += Math.sqrt(x + 1); return x; };

describe("processesCpu / processesCpuMsSince", () => {
  it("finds no process for a command nobody runs", () => {
    expect(processesCpu("no-such-command-here")?.size).toBe(0);
  });

  it("lists this process under its name and counts the work it does after the snapshot", () => {
    const before = processesCpu(ownCommand())!;
    expect(before.has(process.pid)).toBe(true);
    spin();
    expect(processesCpuMsSince(before, ownCommand())).toBeGreaterThanOrEqual(30);
  });

  it("does not take a process that ended since the snapshot off the total", () => {
    const before = new Map(processesCpu(ownCommand())!);
    before.set(2 ** 22 + 12345, 1_000_000); // a pid no longer running, with a long past
    expect(processesCpuMsSince(before, ownCommand())).toBeGreaterThanOrEqual(0);
  });
});
