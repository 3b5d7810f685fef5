/**
 * How many of one database's backends wait on a lock while a load runs: the mean, over samples
 * taken every 20 ms, of the backends whose `wait_event_type` is `Lock` (row, tuple and
 * transaction-id locks). Session creation once queued on the tenant's row lock through each
 * commit's disk flush, which no CPU figure showed; this is the figure that does.
 */
import pg from "pg";

const EVERY_MS = 20;
const WAITING = "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'";

export interface LockWaitSampler {
  /** The sampler's own backend, whose CPU is not the load's (the database CPU figure leaves it out). */
  backendPid: number;
  /** Ends the sampling; the mean number of backends waiting on a lock. */
  stop(): Promise<number>;
}

export async function sampleLockWaits(databaseUrl: string): Promise<LockWaitSampler> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows: [own] } = await client.query<{ pid: number }>("select pg_backend_pid() as pid");
  let running = true, total = 0, samples = 0;
  const sampling = (async () => {
    while (running) {
      const { rows } = await client.query<{ n: number }>(WAITING);
      total += rows[0].n;
      samples++;
      await new Promise((resolve) => setTimeout(resolve, EVERY_MS));
    }
  })();
  // A failed sample is reported by stop(), not as an unhandled rejection meanwhile.
  const finished = sampling.then(() => null, (err: unknown) => err);
  return {
    backendPid: own.pid,
    async stop() {
      running = false;
      const err = await finished;
      await client.end();
      if (err) throw err;
      return samples ? total / samples : 0;
    },
  };
}
