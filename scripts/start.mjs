#!/usr/bin/env node
/**
 * `npm start`: builds when the build is missing or older than any source file, then serves
 * the whole service on PORT (3000 by default). Needs nothing but Node.js and the packages.
 * `npm start -- --https` serves https with a self-signed certificate for the LAN addresses,
 * for a phone's camera (scripts/lan-certificate.mjs, docs/phone-testing.md).
 */
import "./node-version.mjs";
import { spawn } from "node:child_process";
import { buildIfStale, root } from "./build-if-stale.mjs";
import { lanHttpsEnv } from "./lan-https.mjs";

try {
  await buildIfStale();
} catch (err) {
  console.error(err.message);
  process.exit(1);
}
const port = process.env.PORT || "3000";
const env = process.argv.includes("--https") ? { ...process.env, ...(await lanHttpsEnv(port)) } : process.env;
const server = spawn(process.execPath, ["scripts/server.mjs", port], { cwd: root, stdio: "inherit", env });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
