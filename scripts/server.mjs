#!/usr/bin/env node
/**
 * The Node server entry behind `npm start` (and the e2e/bench app server): Next's request
 * handler inside a plain `node:http` server, so that
 * - the TCP peer's address reaches the app in a header no client can set
 *   (`TRUSTED_PROXY_HOPS` counts proxies from that address);
 * - `/v1/` paths Next cannot route (bad percent-encoding, dot segments) are answered with
 *   the API's JSON errors while the raw path is still visible;
 * - slow clients are cut off: headers within 20 s, a whole request within 120 s.
 * Usage: node scripts/server.mjs [port]  (default: $PORT, else 3000)
 */
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import { createServer as createTlsServer } from "node:https";
import { createSecureContext } from "node:tls";
import { PEER_ADDRESS_HEADER, problemHeaders, setsPeerAddressHeader, v1PathProblem } from "../lib/http/path-guard.mjs";
import { root } from "./build-if-stale.mjs";
import { lanAddresses } from "./lan-https.mjs";
import { isLoopbackHost, listenHost } from "./listen-host.mjs";

// What the environment asks for is checked before Next loads: a bad TLS pair stops in a moment.
const tls = tlsOptions();
const host = listenHost(process.env);
// Declared before Next starts, so the start-up's client-address check sees it.
setsPeerAddressHeader();

// As `next start` does, before Next loads: without it the server ran Next's and its
// packages' non-production paths, about 3 % of a status poll's throughput.
process.env.NODE_ENV ||= "production";
const { default: next } = await import("next");

const port = Number(process.argv[2] ?? process.env.PORT ?? 3000);
const app = next({ dev: false, dir: root, port });
await app.prepare();
const handle = app.getRequestHandler();

const listener = (req, res) => {
  req.headers[PEER_ADDRESS_HEADER] = req.socket.remoteAddress ?? "";
  const problem = v1PathProblem(req.url ?? "/");
  if (problem) {
    res.writeHead(problem.status, problemHeaders()).end(problem.body);
    return;
  }
  void handle(req, res);
};
const server = tls ? createTlsServer(tls, listener) : createServer(listener);
server.headersTimeout = 20_000;
server.requestTimeout = 120_000;
server.listen(port, host, () => {
  const scheme = tls ? "https" : "http";
  console.log(`docscan listening on ${scheme}://localhost:${port}`);
  if (isLoopbackHost(host)) {
    console.log(`  this machine only; to open it from a phone on the same network, start with HOST=0.0.0.0 (anyone on that network can then reach it)`);
  } else {
    for (const address of lanAddresses()) console.log(`  on this network (a phone on the same Wi-Fi): ${scheme}://${address}:${port}`);
  }
  if (!tls) console.log("  a phone's camera needs https: see docs/phone-testing.md (npm start -- --https, a tunnel, or HTTPS_CERT_FILE and HTTPS_KEY_FILE)");
});

/**
 * HTTPS_CERT_FILE and HTTPS_KEY_FILE (PEM files, both or neither) serve https directly, for a
 * phone on the LAN whose browser grants the camera only to secure pages.
 */
function tlsOptions() {
  const cert = process.env.HTTPS_CERT_FILE;
  const key = process.env.HTTPS_KEY_FILE;
  if (!cert && !key) return null;
  const missing = !cert ? "HTTPS_CERT_FILE" : !key ? "HTTPS_KEY_FILE" : null;
  if (missing) {
    console.error(`${missing} is not set: HTTPS_CERT_FILE and HTTPS_KEY_FILE go together (PEM certificate and key).`);
    process.exit(1);
  }
  let options;
  try {
    options = { cert: readFileSync(cert), key: readFileSync(key) };
  } catch (err) {
    console.error(`HTTPS_CERT_FILE / HTTPS_KEY_FILE could not be read: ${err.message}`);
    process.exit(1);
  }
  try {
    // Built here, where its errors can be told apart: https.createServer would throw the same
    // ones later as an uncaught exception with a stack.
    createSecureContext(options);
  } catch (err) {
    const what = err.code === "ERR_OSSL_X509_KEY_VALUES_MISMATCH" ? "the key does not belong to the certificate" : err.message;
    console.error(`HTTPS_CERT_FILE and HTTPS_KEY_FILE cannot serve https: ${what} (${cert}, ${key}).`);
    process.exit(1);
  }
  return options;
}

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    server.close(() => process.exit(0));
    // Idle keep-alive sockets would hold close() open; a short grace, then leave.
    setTimeout(() => process.exit(0), 2_000).unref();
    server.closeIdleConnections();
  });
}
