/**
 * Node-side start-up, loaded by instrumentation.ts: validate the configuration (a bad value
 * stops the start, naming the variable), open the database (the embedded one migrates
 * here) and start the in-process scheduler. On Vercel, Vercel Cron replaces the scheduler.
 */
import { config, ConfigError } from "./lib/config";
import { DataDirLockedError, SchemaBehindError } from "./lib/db";
import { services } from "./lib/services";
import { unknownAddressWarning } from "./lib/http/client-address";
import { peerAddressHeaderIsSet } from "./lib/http/path-guard.mjs";
import { log } from "./lib/log";

export async function registerNode(): Promise<void> {
  try {
    config();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const addressWarning = unknownAddressWarning({ hosted: config().hosted, trust: config().addressTrust, peerHeaderSet: peerAddressHeaderIsSet() });
  if (addressWarning) log("warn", addressWarning);
  try {
    await services();
  } catch (err) {
    // A second process on one embedded DATA_DIR stops here, before touching the files; so
    // does a hosted start on a schema older than the code.
    if (err instanceof DataDirLockedError || err instanceof SchemaBehindError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  if (!process.env.VERCEL) {
    const { startScheduler } = await import("./lib/scheduler");
    startScheduler(config().schedulerIntervalMs);
  }
}
