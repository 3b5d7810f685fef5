import { runScheduledWork } from "./cron/run-scheduled-work";
import { errorFields, log } from "./log";
import { contextFor } from "./context";
import { services } from "./services";

let timer: NodeJS.Timeout | undefined;

/**
 * The embedded scheduler: calls the same work as the cron endpoint every `intervalMs`
 * (SCHEDULER_INTERVAL_SECONDS; 0 disables it). Runs never overlap within the process, and
 * the cron claims make overlap across processes safe too.
 */
export function startScheduler(intervalMs: number): void {
  if (intervalMs <= 0 || timer) return;
  let running = false;
  timer = setInterval(async () => {
    if (running) return;
    running = true;
    try {
      const result = await runScheduledWork({ ctx: contextFor(await services()) });
      if (result.attempted > 0) log("info", "scheduled work", { ...result });
    } catch (err) {
      log("error", "scheduled work failed", errorFields(err));
    } finally {
      running = false;
    }
  }, intervalMs);
  timer.unref();
}

export function stopScheduler(): void {
  if (timer) clearInterval(timer);
  timer = undefined;
}
