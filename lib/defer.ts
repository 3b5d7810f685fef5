import { after } from "next/server";
import { errorFields, log } from "./log";

const pending = new Set<Promise<void>>();

/**
 * Runs `task` after the response is sent: inside Next it is handed to `after()`, so the
 * function stays alive for it; outside a request scope (tests, scripts, the scheduler) it
 * runs at once and `flushDeferred()` awaits it. A failing task is logged, never thrown.
 */
export function defer(task: () => Promise<unknown>): void {
  const run = async () => {
    try {
      await task();
    } catch (err) {
      log("error", "deferred task failed", errorFields(err));
    }
  };
  try {
    after(run);
  } catch {
    const promise = run();
    pending.add(promise);
    void promise.finally(() => pending.delete(promise));
  }
}

/** Waits for every deferred task started outside a request scope (tests use this). */
export async function flushDeferred(): Promise<void> {
  while (pending.size > 0) await Promise.all([...pending]);
}
