/**
 * Migrations on a real Postgres (only when TEST_DATABASE_URL is set: CI's second pass), each
 * test on a database of its own: several instances migrating at once apply each migration
 * once; a schema older than the code is refused unless the start migrates it.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { Client } from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { createDb, migrateDatabase, SchemaBehindError } from "@/lib/db";
import { assertSchemaCurrent } from "@/lib/db/migrations";
import { freshDatabases } from "../support/fresh-database";

const base = process.env.TEST_DATABASE_URL;
const databases = freshDatabases(base ?? "postgres://unused");
const freshDatabase = () => databases.create();
const journal = JSON.parse(readFileSync(path.resolve("drizzle/meta/_journal.json"), "utf8")) as { entries: { tag: string }[] };

async function appliedCount(url: string): Promise<number> {
  const c = new Client({ connectionString: url });
  await c.connect();
  try {
    return Number((await c.query("select count(*) from drizzle.__drizzle_migrations")).rows[0].count);
  } finally {
    await c.end();
  }
}

afterAll(() => databases.dropAll());

describe.runIf(base)("migrations on Postgres", () => {
  it("four instances migrating one empty database at once apply each migration once", async () => {
    const url = await freshDatabase();
    await Promise.all(Array.from({ length: 4 }, () => migrateDatabase(url)));
    expect(await appliedCount(url)).toBe(journal.entries.length);
    await expect(assertSchemaCurrent(url)).resolves.toBeUndefined();
  });

  it("a schema older than the code is refused, naming the newest migration; a migrating start brings it up to date", async () => {
    const url = await freshDatabase();
    const newest = journal.entries.at(-1)!.tag;
    await expect(assertSchemaCurrent(url)).rejects.toThrow(SchemaBehindError);
    await expect(createDb({ databaseUrl: url, pgliteDir: "memory://", migrate: false })).rejects.toThrow(newest);
    const handle = await createDb({ databaseUrl: url, pgliteDir: "memory://", migrate: true });
    await handle.close();
    expect(await appliedCount(url)).toBe(journal.entries.length);
  });

  it("a database that cannot be reached does not stop the start (requests answer 503 until it is back)", async () => {
    const handle = await createDb({ databaseUrl: "postgres://nobody@127.0.0.1:1/never", pgliteDir: "memory://", migrate: true, timeouts: { connectMs: 500, queryMs: 1000 } });
    await handle.close();
  });
});
