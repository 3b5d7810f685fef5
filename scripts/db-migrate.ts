/** `npm run db:migrate`: applies drizzle/ migrations to DATABASE_URL (or POSTGRES_URL). */
import { loadConfig } from "../lib/config";
import { migrateDatabase } from "../lib/db";

// Migrating needs only the database: the hosted checks (storage, Redis, PUBLIC_BASE_URL) are for serving.
const url = loadConfig({ ...process.env, ALLOW_LOCAL_DEFAULTS: "true" }).databaseUrl;
if (!url) {
  console.error("db:migrate needs DATABASE_URL or POSTGRES_URL; the embedded database migrates itself at start.");
  process.exit(1);
}
await migrateDatabase(url);
console.log("migrations applied");
