import { chmodSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

/** Thrown when another live process holds the embedded store. */
export class DataDirLockedError extends Error {}

export interface DataDirLock {
  release(): void;
}

/**
 * Takes the embedded store for this process alone: `DATA_DIR/.lock` is created exclusively
 * and holds our pid. PGlite is one process's in-memory Postgres flushed to files; a second
 * process on the same files diverges and then corrupts them for good, so a second process
 * must stop before opening anything. A lock left by a process that no longer runs (or by an
 * earlier life of our own pid, as after a container restart) is taken over.
 * The directory is made private to the user (0700): it holds every tenant's documents.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  chmodSync(dataDir, 0o700);
  const file = path.join(dataDir, ".lock");
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeFileSync(file, `${process.pid}\n`, { flag: "wx", mode: 0o600 });
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          if (holderOf(file) === process.pid) rmSync(file, { force: true });
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      const holder = holderOf(file);
      if (holder !== null && holder !== process.pid && isRunning(holder)) {
        throw new DataDirLockedError(
          `DATA_DIR ${dataDir} is in use by another process (pid ${holder}). The embedded database serves one process only: ` +
            `stop that process first, or give this one its own DATA_DIR, or set DATABASE_URL to share a real Postgres.`,
        );
      }
      rmSync(file, { force: true }); // stale: its process is gone
    }
  }
  throw new DataDirLockedError(`Could not take the lock on DATA_DIR ${dataDir}; another process keeps taking it.`);
}

function holderOf(file: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(file, "utf8"), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}
