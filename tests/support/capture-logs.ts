/** Captures the service's JSON log lines (stdout) from beforeAll to afterAll of a test file. */
import { afterAll, beforeAll, vi } from "vitest";

export function captureLogs(): string[] {
  const logged: string[] = [];
  beforeAll(() => {
    const write = process.stdout.write.bind(process.stdout);
    vi.spyOn(process.stdout, "write").mockImplementation(((chunk: string | Uint8Array, ...rest: unknown[]) => {
      const text = String(chunk);
      if (text.startsWith('{"level"')) {
        logged.push(text);
        return true;
      }
      return (write as (...a: unknown[]) => boolean)(chunk, ...rest);
    }) as typeof process.stdout.write);
  });
  afterAll(() => vi.restoreAllMocks());
  return logged;
}
