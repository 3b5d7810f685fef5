/**
 * `npm start -- --https`: the certificate it makes names localhost and the LAN addresses, a
 * TLS client that trusts it connects, it is reused while it fits, and made again for a new address.
 */
import { X509Certificate } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, get } from "node:https";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { withoutTool } from "../support/tools";
// @ts-expect-error: plain ESM script without types
import { ensureLanCertificate, phoneInstructions } from "../../scripts/lan-certificate.mjs";
// @ts-expect-error: plain ESM script without types
import { lanHttpsEnv } from "../../scripts/lan-https.mjs";

const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(path.join(os.tmpdir(), "docscan-cert-"));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

// Made with the openssl command, as `npm start -- --https` makes it (scripts/test-tools.mjs).
describe.skipIf(withoutTool("openssl"))("the LAN certificate (--https)", () => {
  it("names localhost and every LAN address, serves https to a client that trusts it, and is reused while it fits", async () => {
    const dir = tempDir();
    const made = ensureLanCertificate({ dir, addresses: ["192.0.2.7"] });
    const cert = new X509Certificate(readFileSync(made.certFile));
    expect(cert.subjectAltName).toContain("DNS:localhost");
    expect(cert.subjectAltName).toContain("IP Address:127.0.0.1");
    expect(cert.subjectAltName).toContain("IP Address:192.0.2.7");
    expect(made.fingerprint).toBe(cert.fingerprint256);
    expect(Date.parse(cert.validTo) - Date.now()).toBeGreaterThan(29 * 86_400_000);

    const server = createServer({ cert: readFileSync(made.certFile), key: readFileSync(made.keyFile) }, (_req, res) => res.end("ok"));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const body = await new Promise<string>((resolve, reject) => {
        get({ host: "127.0.0.1", port, ca: readFileSync(made.certFile) }, (res) => {
          let text = "";
          res.on("data", (c) => (text += c));
          res.on("end", () => resolve(text));
        }).on("error", reject);
      });
      expect(body).toBe("ok");
    } finally {
      server.close();
    }

    expect(ensureLanCertificate({ dir, addresses: ["192.0.2.7"] }).fingerprint).toBe(made.fingerprint);
    const moved = ensureLanCertificate({ dir, addresses: ["192.0.2.8"] });
    expect(moved.fingerprint).not.toBe(made.fingerprint);
    expect(new X509Certificate(readFileSync(moved.certFile)).subjectAltName).toContain("IP Address:192.0.2.8");
  }, 120_000);

  it("tells the person what to open and accept on the phone, and points the service's links at the LAN address", async () => {
    const text = phoneInstructions({ urls: ["https://192.0.2.7:3000"], fingerprint: "AB:CD" });
    expect(text).toContain("open https://192.0.2.7:3000");
    expect(text).toContain("fingerprint is AB:CD");
    const dir = tempDir();
    const env = await lanHttpsEnv("3000", { DATA_DIR: dir }, ["192.0.2.7"]);
    expect(env).toEqual({ HTTPS_CERT_FILE: path.join(dir, "https", "cert.pem"), HTTPS_KEY_FILE: path.join(dir, "https", "key.pem"), PUBLIC_BASE_URL: "https://192.0.2.7:3000", HOST: "0.0.0.0" });
    expect((await lanHttpsEnv("3000", { DATA_DIR: dir, HOST: "192.0.2.7" }, ["192.0.2.7"])).HOST).toBe("192.0.2.7");
    expect(await lanHttpsEnv("3000", { DATA_DIR: dir, HTTPS_CERT_FILE: "/own.pem", HTTPS_KEY_FILE: "/own.key" }, ["192.0.2.7"])).toEqual({});
  }, 120_000);
});
