/**
 * Once per service-suite run: migrates the real test database, or, on the embedded default,
 * makes the image every file's in-memory PGlite starts from (`useServices`): initdb and the
 * migrations run here once instead of in each of ~50 files (5–9 s of CPU each on a loaded
 * 2-core machine; starting from the image takes under 2).
 */
import { rmSync, writeFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { migrateDatabase } from "@/lib/db";
import { MIGRATIONS_FOLDER } from "@/lib/db/migrations";

declare module "vitest" {
  export interface ProvidedContext {
    /** A file holding a migrated PGlite data directory (`dumpDataDir`), or null on real Postgres. */
    pgliteImageFile: string | null;
  }
}

export default async function setup(project: TestProject): Promise<(() => void) | void> {
  if (process.env.TEST_DATABASE_URL) {
    await migrateDatabase(process.env.TEST_DATABASE_URL);
    project.provide("pgliteImageFile", null);
    return;
  }
  const [{ PGlite }, { drizzle }, { migrate }] = await Promise.all([import("@electric-sql/pglite"), import("drizzle-orm/pglite"), import("drizzle-orm/pglite/migrator")]);
  const client = await PGlite.create("memory://");
  try {
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER });
    const dir = mkdtempSync(path.join(tmpdir(), "docscan-pglite-image-"));
    const file = path.join(dir, "migrated.tar");
    writeFileSync(file, Buffer.from(await (await client.dumpDataDir("none")).arrayBuffer()));
    project.provide("pgliteImageFile", file);
    return () => rmSync(dir, { recursive: true, force: true });
  } finally {
    await client.close();
  }
}
