import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const root = path.dirname(fileURLToPath(import.meta.url));
// The verification helper integrators install as a package; tsconfig.json maps the same name.
const alias = { "@docscan/verify-webhook": path.join(root, "packages/verify-webhook/index.js"), "@": root };

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "service",
          alias,
          globalSetup: ["tests/support/global-setup.ts"],
          include: ["tests/unit/**/*.test.ts", "tests/contract/**/*.test.ts", "tests/api/**/*.test.ts"],
          setupFiles: ["tests/support/setup.ts"],
          environment: "node",
          pool: "forks",
          // Hang detectors, not speed checks (speed lives in the benches): CI runs this suite at a
          // lower priority beside the others, and on a loaded 2-core machine a file's set-up
          // passed 60 s and sweeps of hundreds of requests passed 30 s.
          testTimeout: 120_000,
          hookTimeout: 240_000,
        },
      },
      {
        // Real processes and injected faults (tests/fault): the built app, its own services.
        test: {
          name: "fault",
          alias,
          include: ["tests/fault/**/*.test.ts"],
          setupFiles: ["tests/support/setup.ts"],
          environment: "node",
          pool: "forks",
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 300_000,
        },
      },
      {
        test: {
          name: "e2e",
          alias,
          include: ["tests/e2e/**/*.test.ts"],
          globalSetup: ["tests/e2e/global-setup.ts"],
          environment: "node",
          pool: "forks",
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
