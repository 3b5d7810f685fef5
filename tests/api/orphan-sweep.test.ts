/**
 * The orphan sweep looks at every stored key, not only at a first page: with more objects
 * under `files/` than one listing returns, every orphan is deleted, wherever it sits.
 */
import { existsSync, mkdirSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { contextFor } from "@/lib/context";
import { sweepOrphanObjects } from "@/lib/sessions/sweep-orphan-objects";
import { useServices } from "../support/services";

const svc = useServices();

describe("security", () => {
  it("orphans among 1,000 young unowned documents are all deleted (a listing returns 500); the young ones stay", async () => {
    const folder = path.join(svc.get().config.dataDir, "blobs", "files");
    mkdirSync(folder, { recursive: true });
    const young = Array.from({ length: 1000 }, (_, i) => path.join(folder, `aaa-young-${String(i).padStart(4, "0")}.pdf`));
    const orphans = Array.from({ length: 10 }, (_, i) => path.join(folder, `zzz-orphan-${i}.pdf`));
    for (const file of [...young, ...orphans]) writeFileSync(file, "%PDF-1.7\n");
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
    for (const file of orphans) utimesSync(file, twoHoursAgo, twoHoursAgo);

    expect(await sweepOrphanObjects({ ctx: contextFor(svc.get()) })).toBeGreaterThanOrEqual(10);
    expect(orphans.filter(existsSync)).toEqual([]);
    expect(young.filter((f) => !existsSync(f))).toEqual([]);
  });
});
