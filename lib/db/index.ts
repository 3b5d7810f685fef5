export { createDb, type Db, type DbHandle, type Tx } from "./client";
export { migrateDatabase, SchemaBehindError } from "./migrations";
export * as schema from "./schema";
export { withTx } from "./tx";
export { DataDirLockedError } from "./data-dir-lock";
