/** Migrates the real test database once per run (the embedded one migrates itself). */
import { migrateDatabase } from "@/lib/db";

export default async function setup(): Promise<void> {
  if (process.env.TEST_DATABASE_URL) await migrateDatabase(process.env.TEST_DATABASE_URL);
}
