/** Debian's Chromium (apt-get install -y chromium), or CHROMIUM_PATH: one probe, shared with `npm test`. */
export { chromiumPath } from "../../../scripts/test-tools.mjs";
