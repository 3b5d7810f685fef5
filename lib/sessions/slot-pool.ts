/** Why a pool turned a request away: every slot busy and the wait queue full, or the wait ran out. */
export class PoolBusy extends Error {
  override name = "PoolBusy";
}

/** By name: a pool shared between Next's bundles throws another copy of the class. */
export function isPoolBusy(err: unknown): boolean {
  return err instanceof Error && err.name === "PoolBusy";
}

interface Waiter {
  grant(): void;
  timer: ReturnType<typeof setTimeout>;
}

/**
 * A fixed number of slots with a bounded first-come queue in front of them. `acquire()`
 * resolves with a release function once a slot is free; it rejects with `PoolBusy` at once
 * when `queue` requests are already waiting, or after `maxWaitMs` in the queue. A burst a
 * little larger than the pool is thus served in turn instead of refused, while the waiting
 * itself stays bounded in count and time. Nothing is read from a waiting request's body.
 */
export class SlotPool {
  private busy = 0;
  private readonly waiters: Waiter[] = [];

  constructor(
    readonly slots: number,
    readonly queue: number,
    readonly maxWaitMs: number,
  ) {}

  /** Slots held now. */
  get held(): number {
    return this.busy;
  }

  /** Requests waiting for a slot now. */
  get queued(): number {
    return this.waiters.length;
  }

  /** No slot held and nobody waiting: a keyed pool can be forgotten. */
  get idle(): boolean {
    return this.busy === 0 && this.waiters.length === 0;
  }

  acquire(): Promise<() => void> {
    if (this.busy < this.slots) {
      this.busy++;
      return Promise.resolve(this.releaser());
    }
    if (this.waiters.length >= this.queue) return Promise.reject(new PoolBusy("queue full"));
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        grant: () => resolve(this.releaser()),
        timer: setTimeout(() => {
          this.waiters.splice(this.waiters.indexOf(waiter), 1);
          reject(new PoolBusy("wait ran out"));
        }, this.maxWaitMs),
      };
      this.waiters.push(waiter);
    });
  }

  private releaser(): () => void {
    let done = false;
    return () => {
      if (done) return;
      done = true;
      const next = this.waiters.shift();
      if (!next) {
        this.busy--;
        return;
      }
      // The slot passes straight to the next in line: `busy` is unchanged.
      clearTimeout(next.timer);
      next.grant();
    };
  }
}

/**
 * One `SlotPool` per key (a session, a tenant), made on first use and forgotten once idle, so
 * the map holds only keys with an upload in flight or waiting.
 */
export class KeyedSlotPools {
  private readonly pools = new Map<string, SlotPool>();

  constructor(private readonly make: () => SlotPool) {}

  async acquire(key: string): Promise<() => void> {
    let pool = this.pools.get(key);
    if (!pool) this.pools.set(key, (pool = this.make()));
    try {
      const release = await pool.acquire();
      return () => {
        release();
        this.forgetIfIdle(key, pool);
      };
    } catch (err) {
      this.forgetIfIdle(key, pool);
      throw err;
    }
  }

  /** Keys currently held (for tests). */
  get size(): number {
    return this.pools.size;
  }

  private forgetIfIdle(key: string, pool: SlotPool): void {
    if (pool.idle && this.pools.get(key) === pool) this.pools.delete(key);
  }
}
