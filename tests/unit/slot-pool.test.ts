import { describe, expect, it } from "vitest";
import { isPoolBusy, KeyedSlotPools, SlotPool } from "@/lib/sessions/slot-pool";

describe("SlotPool", () => {
  it("grants free slots at once and hands a released slot to the first in line", async () => {
    const pool = new SlotPool(2, 4, 60_000);
    const [a, b] = await Promise.all([pool.acquire(), pool.acquire()]);
    const order: string[] = [];
    const c = pool.acquire().then((release) => (order.push("c"), release));
    const d = pool.acquire().then((release) => (order.push("d"), release));
    a();
    (await c)();
    b();
    (await d)();
    expect(order).toEqual(["c", "d"]);
    // Everything released: both slots are free again.
    await Promise.all([pool.acquire(), pool.acquire()]);
  });

  it("refuses at once when the queue is full, and a waiter whose wait runs out", async () => {
    const pool = new SlotPool(1, 1, 20);
    const held = await pool.acquire();
    const waiting = pool.acquire();
    await expect(pool.acquire()).rejects.toSatisfy(isPoolBusy);
    await expect(waiting).rejects.toSatisfy(isPoolBusy);
    held();
    // The timed-out waiter left the queue: the slot is free, not handed to it.
    const again = await pool.acquire();
    again();
  });

  it("a release called twice frees one slot only", async () => {
    const pool = new SlotPool(1, 0, 10);
    const release = await pool.acquire();
    release();
    const next = await pool.acquire();
    release();
    await expect(pool.acquire()).rejects.toSatisfy(isPoolBusy);
    next();
  });
});

describe("KeyedSlotPools", () => {
  it("keeps one pool per key while it is used and forgets it when idle", async () => {
    const pools = new KeyedSlotPools(() => new SlotPool(1, 0, 10));
    const a = await pools.acquire("a");
    const b = await pools.acquire("b");
    await expect(pools.acquire("a")).rejects.toSatisfy(isPoolBusy);
    expect(pools.size).toBe(2);
    a();
    b();
    expect(pools.size).toBe(0);
    (await pools.acquire("a"))();
  });
});
