/**
 * Next calls `register()` once per server start: validate the configuration (a bad value
 * stops the start, naming the variable), open the database (the embedded one migrates
 * here) and start the in-process scheduler. On Vercel, Vercel Cron replaces the scheduler.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { config, ConfigError } = await import("./lib/config");
  try {
    config();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const { services } = await import("./lib/services");
  const { DataDirLockedError } = await import("./lib/db");
  try {
    await services();
  } catch (err) {
    // A second process on one embedded DATA_DIR stops here, before touching the files.
    if (err instanceof DataDirLockedError) {
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
