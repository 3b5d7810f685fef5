/**
 * Quiet when nothing is wrong: the service's JSON log lines (stdout) and console.error/warn
 * calls made during a test are held, and printed only if that test fails; those made outside
 * any test (in a file's hooks) only if something in the file failed. Many tests provoke
 * failures on purpose ("scheduled step failed", a sweep that throws, a closed database):
 * their error lines would read as failures in a green run. A test that asserts on log lines
 * still sees them (tests/support/capture-logs.ts spies on top of this).
 */
import { afterAll, beforeEach } from "vitest";

type Held = () => void;
let held: Held[] = [];
let fileHeld: Held[] = [];
let inTest = false;

const hold = (replay: Held) => (inTest ? held : fileHeld).push(replay);

const write = process.stdout.write.bind(process.stdout) as (...args: unknown[]) => boolean;
process.stdout.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
  if (String(chunk).startsWith('{"level"')) {
    hold(() => write(chunk, ...rest));
    return true;
  }
  return write(chunk, ...rest);
}) as typeof process.stdout.write;

for (const level of ["error", "warn"] as const) {
  const original = console[level].bind(console);
  console[level] = (...args: unknown[]) => hold(() => original(...args));
}

beforeEach((context) => {
  held = [];
  inTest = true;
  context.onTestFinished(({ task }) => {
    if (task.result?.state === "fail") for (const replay of held) replay();
    held = [];
    inTest = false;
  });
});

// vitest passes the file's suite second, and wants the first argument destructured.
// eslint-disable-next-line no-empty-pattern
afterAll(({}, suite) => {
  const failed = JSON.stringify(suite.tasks.map((t) => t.result?.state)).includes('"fail"') || (suite.result?.errors?.length ?? 0) > 0;
  if (failed) for (const replay of fileHeld) replay();
  fileHeld = [];
});
