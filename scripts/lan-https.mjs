/**
 * The environment `npm start -- --https` adds: the certificate files, PUBLIC_BASE_URL on the
 * first LAN address (unless set), so the scan links the service makes open on the phone, and
 * HOST 0.0.0.0 (unless set): the switch is asked for to reach a phone, which the embedded
 * default, loopback, would keep out.
 */
import { networkInterfaces } from "node:os";
import path from "node:path";
import { ensureLanCertificate, phoneInstructions } from "./lan-certificate.mjs";

export async function lanHttpsEnv(port, env = process.env, addresses = lanAddresses()) {
  if (env.HTTPS_CERT_FILE || env.HTTPS_KEY_FILE) return {}; // the operator's own certificate wins
  let made;
  try {
    made = ensureLanCertificate({ dir: path.resolve(env.DATA_DIR || ".data", "https"), addresses });
  } catch (err) {
    console.error(err.message);
    process.exit(1);
  }
  const urls = (addresses.length > 0 ? addresses : ["localhost"]).map((a) => `https://${a}:${port}`);
  console.log(phoneInstructions({ urls, fingerprint: made.fingerprint }));
  return { HTTPS_CERT_FILE: made.certFile, HTTPS_KEY_FILE: made.keyFile, PUBLIC_BASE_URL: env.PUBLIC_BASE_URL || urls[0], HOST: env.HOST || "0.0.0.0" };
}

/** The machine's IPv4 addresses on its networks (not loopback): what a phone nearby can reach. */
export function lanAddresses() {
  return Object.values(networkInterfaces())
    .flat()
    .filter((a) => a && a.family === "IPv4" && !a.internal)
    .map((a) => a.address);
}
