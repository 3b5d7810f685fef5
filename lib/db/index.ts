export { createDb, migrateDatabase, type Db, type DbHandle, type Tx } from "./client";
export * as schema from "./schema";
export { withTx } from "./tx";
export { DataDirLockedError } from "./data-dir-lock";
