import { describe, expect, it, vi } from "vitest";
import { takeUploadSlot, tenantShare } from "@/lib/sessions/upload-slots";

// Each test uses its own slot count: pools are kept per process and per count.
const owner = (tenantId: string, sessionId: string) => ({ tenantId, sessionId });
const settle = <T>(p: Promise<T>) => p.then((v) => ({ ok: true as const, v }), (e: unknown) => ({ ok: false as const, e }));

describe("upload admission shares", () => {
  it("a session holds one credentialed slot: a second upload of it waits for the first", async () => {
    const config = { maxConcurrentUploads: 101 };
    const first = await takeUploadSlot(config, "credentialed", owner("t1", "s1"));
    let second = false;
    const waiting = takeUploadSlot(config, "credentialed", owner("t1", "s1")).then((release) => ((second = true), release));
    // Another session of the same tenant is not held up.
    (await takeUploadSlot(config, "credentialed", owner("t1", "s2")))();
    await new Promise((r) => setTimeout(r, 20));
    expect(second).toBe(false);
    first();
    (await waiting)();
    expect(second).toBe(true);
  });

  it("more waiting uploads of one session than its queue are refused at once with Retry-After", async () => {
    // One slot: a session's queue holds four.
    const config = { maxConcurrentUploads: 1 };
    const held = await takeUploadSlot(config, "credentialed", owner("t1", "s1"));
    const waits = [0, 1, 2, 3].map(() => takeUploadSlot(config, "credentialed", owner("t1", "s1")).then((release) => release()));
    const refused = await settle(takeUploadSlot(config, "credentialed", owner("t1", "s1")));
    expect(refused.ok).toBe(false);
    expect(refused.ok ? null : refused.e).toMatchObject({ code: "service_unavailable", headers: { "Retry-After": "2" }, message: expect.stringMatching(/this session/) });
    held();
    await Promise.all(waits);
  });

  it("one tenant holds at most its share of the instance's slots; another tenant still gets one", async () => {
    const config = { maxConcurrentUploads: 8 };
    expect(tenantShare(8)).toBe(2);
    const mine = await Promise.all([1, 2].map((i) => takeUploadSlot(config, "credentialed", owner("greedy", `g${i}`))));
    let third = false;
    const waiting = takeUploadSlot(config, "credentialed", owner("greedy", "g3")).then((release) => ((third = true), release));
    const other = await takeUploadSlot(config, "credentialed", owner("other", "o1"));
    await new Promise((r) => setTimeout(r, 20));
    expect(third).toBe(false);
    other();
    mine[0]();
    (await waiting)();
    mine[1]();
  });

  it("a refusal at a later step gives back the steps already taken", async () => {
    const config = { maxConcurrentUploads: 1 };
    const held = await takeUploadSlot(config, "credentialed", owner("a", "a1"));
    // Tenant b's session and share are free, the instance's one slot and its queue are not.
    const queued = Array.from({ length: 4 }, (_, i) => takeUploadSlot(config, "credentialed", owner(`q${i}`, `q${i}`)).then((release) => release()));
    const refused = await settle(takeUploadSlot(config, "credentialed", owner("b", "b1")));
    expect(refused.ok).toBe(false);
    held();
    await Promise.all(queued);
    // b's session slot was given back: it is free now.
    (await takeUploadSlot(config, "credentialed", owner("b", "b1")))();
  });

  it("a token-in-body upload waits up to 15 s for an anonymous slot, then is refused with Retry-After", async () => {
    vi.useFakeTimers();
    try {
      // 4 credentialed slots: the anonymous pool has its minimum of 2.
      const config = { maxConcurrentUploads: 4 };
      const held = [await takeUploadSlot(config, "anonymous"), await takeUploadSlot(config, "anonymous")];
      let outcome: { ok: boolean; e?: unknown } | null = null;
      void settle(takeUploadSlot(config, "anonymous")).then((r) => (outcome = r));
      await vi.advanceTimersByTimeAsync(14_900);
      expect(outcome).toBeNull();
      await vi.advanceTimersByTimeAsync(200);
      expect(outcome).toMatchObject({ ok: false, e: { code: "service_unavailable", headers: { "Retry-After": "2" } } });
      for (const release of held) release();
    } finally {
      vi.useRealTimers();
    }
  });
});
