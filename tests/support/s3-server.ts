/**
 * A real S3-compatible HTTP server (s3rver) on a random localhost port, in a temp
 * directory, with one fresh bucket: the S3 store's contract tests talk to it over HTTP
 * through the real SDK, never a mock.
 *
 * s3rver accepts any SigV4 signature ("V4 calculation is unimplemented"), so presigned
 * (query-string) requests are checked here first, as S3 does: a PUT whose signed headers
 * (Content-Type) differ from what was presigned is refused with 403.
 */
import { CreateBucketCommand, S3Client } from "@aws-sdk/client-s3";
import { createHash, createHmac } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import type { IncomingMessage, Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { createS3Client } from "../../lib/storage/s3";

// s3rver ships no type declarations; this is the slice the tests use.
interface S3rverInstance {
  run(): Promise<AddressInfo>;
  httpServer?: Server;
  middleware: KoaMiddleware[];
}
type KoaMiddleware = (ctx: { req: IncomingMessage; status: number; body: unknown }, next: () => Promise<void>) => Promise<void>;
type S3rverClass = new (options: { address: string; port: number; directory: string; silent: boolean }) => S3rverInstance;
const S3rver = createRequire(import.meta.url)("s3rver") as S3rverClass;

export interface TestS3 {
  s3: { bucket: string; region: string; endpoint: string; forcePathStyle: boolean };
  client: S3Client;
  close(): Promise<void>;
}

/** Starts s3rver, points the SDK's default credential chain at its fixed keys, creates a bucket. */
export async function startS3Server(): Promise<TestS3> {
  process.env.AWS_ACCESS_KEY_ID = "S3RVER";
  process.env.AWS_SECRET_ACCESS_KEY = "S3RVER";
  const directory = mkdtempSync(path.join(tmpdir(), "docscan-s3rver-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, directory, silent: true });
  server.middleware.unshift(async (ctx, next) => {
    if (presignedSignatureMatches(ctx.req)) return next();
    ctx.status = 403;
    ctx.body = "SignatureDoesNotMatch (checked by the test gate in front of s3rver)";
  });
  const { port } = await server.run();
  const s3 = { bucket: `docscan-test-${Date.now()}`, region: "us-east-1", endpoint: `http://127.0.0.1:${port}`, forcePathStyle: true };
  const client = createS3Client(s3);
  await client.send(new CreateBucketCommand({ Bucket: s3.bucket }));

  return {
    s3,
    client,
    async close() {
      client.destroy();
      const http = server.httpServer;
      if (http) {
        http.closeAllConnections();
        await new Promise<void>((resolve, reject) => http.close((err) => (err ? reject(err) : resolve())));
      }
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** Recomputes a presigned SigV4 request's signature with s3rver's fixed secret; true when not presigned. */
function presignedSignatureMatches(req: IncomingMessage): boolean {
  const url = new URL(req.url ?? "/", "http://gate");
  const q = url.searchParams;
  if (q.get("X-Amz-Algorithm") !== "AWS4-HMAC-SHA256") return true;
  const enc = (v: string) => encodeURIComponent(v).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  const query = [...q.entries()].filter(([k]) => k !== "X-Amz-Signature").map(([k, v]) => `${enc(k)}=${enc(v)}`).sort().join("&");
  const signed = (q.get("X-Amz-SignedHeaders") ?? "").split(";");
  const headers = signed.map((h) => `${h}:${String(req.headers[h] ?? "").trim().replace(/\s+/g, " ")}\n`).join("");
  const canonical = [req.method, url.pathname, query, headers, signed.join(";"), q.get("X-Amz-Content-Sha256") ?? "UNSIGNED-PAYLOAD"].join("\n");
  const [, date, region, service] = (q.get("X-Amz-Credential") ?? "").split("/");
  const scope = `${date}/${region}/${service}/aws4_request`;
  const toSign = ["AWS4-HMAC-SHA256", q.get("X-Amz-Date"), scope, createHash("sha256").update(canonical).digest("hex")].join("\n");
  const key = [date, region, service, "aws4_request"].reduce<Buffer | string>((k, part) => createHmac("sha256", k).update(part!).digest(), "AWS4S3RVER");
  return createHmac("sha256", key).update(toSign).digest("hex") === q.get("X-Amz-Signature");
}
