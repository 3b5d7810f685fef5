// The bench's database CPU per request sums every process of one name; these pin what it sums.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { processesCpuMs, processTreeCpuMs } from "../../bench/process-cpu";

const ownCommand = () => { const stat = readFileSync("/proc/self/stat", "utf8"); return stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")")); };

describe("processesCpuMs", () => {
  it("counts nothing for a command no process runs", () => {
    expect(processesCpuMs("no-such-command-here")).toBe(0);
  });

  it("counts this process among those of its name, and grows with work done", () => {
    // 50 ms of this process's own CPU, however busy the machine (/proc counts in 10 ms ticks)
    const spin = () => { const start = process.cpuUsage(); let x = 0; while (process.cpuUsage(start).user < 50_000) x += Math.sqrt(x + 1); return x; };
    spin();
    const before = processesCpuMs(ownCommand())!;
    expect(before).toBeGreaterThanOrEqual(processTreeCpuMs(process.pid)! - 10); // ticks are 10 ms
    spin();
    expect(processesCpuMs(ownCommand())!).toBeGreaterThan(before);
  });
});
