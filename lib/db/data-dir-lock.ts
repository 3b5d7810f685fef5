import { spawnSync } from "node:child_process";
import { chmodSync, closeSync, constants, ftruncateSync, mkdirSync, openSync, readFileSync, writeSync } from "node:fs";
import { hostname } from "node:os";
import path from "node:path";

/** Thrown when another live process holds the embedded store. */
export class DataDirLockedError extends Error {}

export interface DataDirLock {
  release(): void;
}

/** The helper's exit status when the lock is held elsewhere (flock(1)'s --conflict-exit-code). */
const HELD = 75;

/**
 * Programs that apply flock(2) to an inherited descriptor (fd 3) and exit. The lock belongs to
 * the open file description, which this process keeps open, so it outlives the helper and dies
 * with this process however it ends. util-linux's flock(1) is on every Linux image that has a
 * shell; perl covers macOS, which has no flock(1).
 */
const HELPERS: [string, string[]][] = [
  ["flock", ["--exclusive", "--nonblock", "--conflict-exit-code", String(HELD), "3"]],
  ["perl", ["-e", `use Fcntl ":flock"; open(my $f, "+<&=3") or exit 2; exit(flock($f, LOCK_EX | LOCK_NB) ? 0 : ${HELD})`]],
];

/**
 * Takes the embedded store for this process alone: an exclusive `flock` on `DATA_DIR/.lock`,
 * held through a descriptor this process keeps open for its whole life. PGlite is one
 * process's in-memory Postgres flushed to files; a second process on the same files diverges
 * and then corrupts them for good, so a second process must stop before opening anything.
 * A kernel lock, not a pid in a file: it is released by the kernel when its holder dies (no
 * stale lock to take over, so no take-over race between simultaneous starts), and it holds
 * between processes in different pid namespaces (containers on one volume, each node pid 1).
 * The file names the holder (pid, host, start time) for the refusal message only.
 * The directory is made private to the user (0700): it holds every tenant's documents.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  chmodSync(dataDir, 0o700);
  const file = path.join(dataDir, ".lock");
  const fd = openSync(file, constants.O_RDWR | constants.O_CREAT, 0o600);
  try {
    if (!flockNonBlocking(fd)) {
      throw new DataDirLockedError(
        `DATA_DIR ${dataDir} is in use by another process (${describeHolder(file)}). The embedded database serves one process only: ` +
          `stop that process first, or give this one its own DATA_DIR, or set DATABASE_URL to share a real Postgres.`,
      );
    }
    ftruncateSync(fd, 0);
    writeSync(fd, `pid ${process.pid} on ${hostname()} since ${new Date().toISOString()}\n`, 0);
  } catch (err) {
    closeSync(fd);
    throw err;
  }
  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      closeSync(fd); // the last descriptor on the lock: the kernel drops it
    },
  };
}

function flockNonBlocking(fd: number): boolean {
  for (const [command, args] of HELPERS) {
    // Not a file of the project: without the comment the bundler traces the whole project.
    const run = spawnSync(/*turbopackIgnore: true*/ command, args, { stdio: ["ignore", "ignore", "pipe", fd], encoding: "utf8" });
    if ((run.error as NodeJS.ErrnoException | undefined)?.code === "ENOENT") continue;
    if (run.status === 0) return true;
    if (run.status === HELD) return false;
    throw new Error(`Could not lock DATA_DIR: ${command} ended with ${run.status ?? run.signal}: ${run.stderr || run.error?.message}`);
  }
  throw new Error("Could not lock DATA_DIR: neither flock(1) (util-linux) nor perl is installed; install util-linux.");
}

/** What the holder wrote into the lock file: "pid 1 on <host> since <time>". */
function describeHolder(file: string): string {
  const line = readFileSync(file, "utf8").trim();
  return /^pid \d+ on \S+ since \S+$/.test(line) ? line : "holder unknown";
}
