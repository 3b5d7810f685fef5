/**
 * `npm start -- --https`: a self-signed certificate for this machine's LAN addresses, so a
 * phone on the same Wi-Fi can open the scanner over https (browsers give the camera to secure
 * pages only) with no tunnel tool and no root CA to install: the phone shows a warning once,
 * which the person accepts after checking the fingerprint printed here. Made with the
 * `openssl` command (on every Linux and macOS), kept under DATA_DIR/https and made again
 * when an address changes or it is within a day of expiring.
 */
import { execFileSync } from "node:child_process";
import { X509Certificate } from "node:crypto";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";

const DAYS = 30;

/** The certificate and key files for `addresses` (plus localhost), made or reused. */
export function ensureLanCertificate({ dir, addresses }) {
  mkdirSync(dir, { recursive: true });
  const certFile = path.join(dir, "cert.pem");
  const keyFile = path.join(dir, "key.pem");
  const names = ["127.0.0.1", ...addresses.filter((a) => a !== "127.0.0.1")];
  if (!usable(certFile, keyFile, names)) {
    const san = ["DNS:localhost", ...names.map((a) => `IP:${a}`)].join(",");
    try {
      execFileSync("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-sha256", "-days", String(DAYS), "-subj", "/CN=docscan on this machine", "-addext", `subjectAltName=${san}`, "-keyout", keyFile, "-out", certFile], { stdio: "pipe" });
    } catch (err) {
      throw new Error(`--https needs the openssl command to make a certificate (${err.code === "ENOENT" ? "not found" : String(err.stderr ?? err.message).trim()}). Or set HTTPS_CERT_FILE and HTTPS_KEY_FILE yourself: docs/phone-testing.md.`);
    }
  }
  const cert = new X509Certificate(readFileSync(certFile));
  return { certFile, keyFile, fingerprint: cert.fingerprint256, validTo: cert.validTo };
}

/** The files exist, name every address, and stay valid for at least another day. */
function usable(certFile, keyFile, names) {
  if (!existsSync(certFile) || !existsSync(keyFile)) return false;
  try {
    const cert = new X509Certificate(readFileSync(certFile));
    const listed = cert.subjectAltName ?? "";
    return names.every((a) => listed.includes(`IP Address:${a}`)) && Date.parse(cert.validTo) - Date.now() > 86_400_000;
  } catch {
    return false;
  }
}

/** What to do on the phone, printed at start. */
export function phoneInstructions({ urls, fingerprint }) {
  return [
    "https with a self-signed certificate for this machine's addresses (--https):",
    ...urls.map((u) => `  on the phone (same Wi-Fi), open ${u}`),
    "  the phone warns that the connection is not private: that is this certificate. Check that",
    `  its SHA-256 fingerprint is ${fingerprint}, then accept it (Chrome: Advanced → Proceed;`,
    "  Safari: Show Details → visit this website). Once per certificate, which lasts 30 days.",
  ].join("\n");
}
