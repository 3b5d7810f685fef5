/**
 * `readObject` reads a whole object back for the server's own use. Invariant: a presigned
 * GET that never answers ends at the storage deadline as `DependencyUnavailable` (503 to the
 * caller), not a hung request; a missing object is null.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DependencyUnavailable } from "@/lib/dependencies";
import { readObject, type BlobStore } from "@/lib/storage";

let server: Server;
let base: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === "/hang") return; // accepts the request, never answers: a frozen bucket
    if (req.url === "/missing") return void res.writeHead(404).end();
    res.writeHead(200, { "content-type": "application/pdf" }).end("%PDF-1.7 bytes");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** A store whose downloads are presigned GETs to `path` on the test server. */
const redirectingTo = (path: string | null) => ({ download: async () => (path === null ? null : { kind: "redirect" as const, url: base + path }) }) as unknown as BlobStore;

describe("readObject", () => {
  it("reads a redirect's bytes", async () => {
    expect(new TextDecoder().decode((await readObject(redirectingTo("/ok"), "k", { timeoutMs: 2000 }))!)).toBe("%PDF-1.7 bytes");
  });

  it("gives null for an absent object, at the store or behind the redirect", async () => {
    expect(await readObject(redirectingTo(null), "k", { timeoutMs: 2000 })).toBeNull();
    expect(await readObject(redirectingTo("/missing"), "k", { timeoutMs: 2000 })).toBeNull();
  });

  it("ends a GET that never answers at the deadline as storage unavailable", async () => {
    const err = await readObject(redirectingTo("/hang"), "k", { timeoutMs: 300 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DependencyUnavailable);
    expect((err as DependencyUnavailable).dependency).toBe("storage");
  });
});
