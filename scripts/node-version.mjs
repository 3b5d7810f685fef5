/**
 * Imported first by `npm start` and `npm test`: on a Node.js older than package.json's
 * `engines` the service would start and fail later in ways that do not name the cause
 * (APIs it uses are missing), so it stops at once with one line that does.
 */
import { readFileSync } from "node:fs";

const { engines } = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
const wanted = engines?.node ?? "";
const floor = Number(/>=\s*(\d+)/.exec(wanted)?.[1] ?? 0);
const major = Number(process.versions.node.split(".")[0]);

if (major < floor) {
  console.error(`docscan needs Node.js ${wanted} (package.json "engines"), but this is Node.js ${process.version}: install Node.js ${floor} or newer.`);
  process.exit(1);
}
