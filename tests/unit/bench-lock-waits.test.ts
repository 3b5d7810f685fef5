// bench/http/lock-waits.ts: the bench's count of backends waiting on a lock sees a held row lock, and
// nothing when no one waits (on Postgres: pg_stat_activity).
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sampleLockWaits } from "../../bench/http/lock-waits";
import { freshDatabases } from "../support/fresh-database";

const base = process.env.TEST_DATABASE_URL;
const databases = freshDatabases(base ?? "postgres://unused");
const connect = async (url: string) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
};
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Until `n` backends of this database wait on a lock (the waiter's update is queued), at most 5 s. */
async function untilWaiting(client: pg.Client, n: number): Promise<void> {
  for (let tries = 0; tries < 250; tries++) {
    const { rows } = await client.query<{ n: number }>("select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'");
    if (rows[0].n >= n) return;
    await pause(20);
  }
  throw new Error("the waiter never queued on the row lock");
}

describe.runIf(base)("sampleLockWaits", () => {
  let url: string;
  beforeAll(async () => {
    // A database of its own: other test files' transactions cannot wait in it.
    url = await databases.create();
    const setup = await connect(url);
    await setup.query("create table counter (id int primary key, n int not null); insert into counter values (1, 0)");
    await setup.end();
  });
  afterAll(() => databases.dropAll());

  it("reads 0 while nothing waits, and names its own backend so the bench can leave its CPU out", async () => {
    const sampler = await sampleLockWaits(url);
    const other = await connect(url);
    try {
      const { rows } = await other.query<{ query: string }>("select query from pg_stat_activity where pid = $1", [sampler.backendPid]);
      expect(rows[0]?.query).toMatch(/pg_stat_activity|pg_backend_pid/);
    } finally {
      await other.end();
    }
    await pause(150);
    expect(await sampler.stop()).toBe(0);
  });

  it("reads about 1 while one backend waits on a row another holds", async () => {
    const holder = await connect(url), waiter = await connect(url);
    try {
      await holder.query("begin");
      await holder.query("update counter set n = n + 1 where id = 1");
      const blocked = waiter.query("update counter set n = n + 1 where id = 1");
      await untilWaiting(holder, 1);
      const sampler = await sampleLockWaits(url);
      await pause(200);
      const waiting = await sampler.stop();
      await holder.query("commit");
      await blocked;
      expect(waiting).toBeGreaterThan(0.8);
      expect(waiting).toBeLessThanOrEqual(1);
    } finally {
      await holder.end();
      await waiter.end();
    }
  });
});
