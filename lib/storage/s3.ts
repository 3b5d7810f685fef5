import {
  CopyObjectCommand,
  DeleteObjectCommand,
  HeadBucketCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import type { Config } from "../config";
import { cappedChunks } from "./capped-body";
import { DependencyUnavailable } from "../dependencies";
import { BlobRejected } from "./errors";
import { storageUnavailable } from "./unavailable";
import type { BlobStore, StoredObjectInfo } from "./types";

type S3Config = NonNullable<Config["s3"]>;

const MAX_PRESIGN_SECONDS = 7 * 24 * 3600; // SigV4's ceiling

/**
 * Any S3-compatible bucket. Credentials come from the SDK's default chain (env, profile,
 * instance role). Uploads go straight to the bucket via a presigned PUT and downloads are a
 * presigned GET, so large documents never pass through a size-capped function.
 */
export function createS3Store(s3: S3Config, client: S3Client = createS3Client(s3)): BlobStore {
  const { bucket } = s3;

  return {
    kind: "s3",

    async presignPut(key, { contentType, expiresAt }) {
      // A presigned PUT binds the content type (signed header below) but S3 cannot cap its
      // size: the completion step re-reads the size with `stat` and deletes oversize objects.
      const command = new PutObjectCommand({ Bucket: bucket, Key: key, ContentType: contentType });
      const url = await getSignedUrl(client, command, {
        expiresIn: secondsUntil(expiresAt),
        signableHeaders: new Set(["content-type"]),
      });
      return { url, headers: { "Content-Type": contentType }, expiresAt };
    },

    async put(key, body, { contentType, maxBytes, beforeCommit }) {
      // PutObject needs a known length, so the capped body is gathered first. This path is
      // the one-step upload (≤ 4.5 MB through a Vercel function); big files use presignPut.
      const chunks: Uint8Array[] = [];
      for await (const chunk of cappedChunks(body, maxBytes)) chunks.push(chunk);
      const bytes = Buffer.concat(chunks);
      if (bytes.length === 0) throw new BlobRejected("empty");
      await beforeCommit?.();
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: bytes, ContentType: contentType, ContentLength: bytes.length }));
      return { size: bytes.length };
    },

    async copy(from, to) {
      // Server-side: the bytes never pass through the function, and the copy is an object of
      // its own that a presigned PUT to `from` cannot change.
      const copied = await client.send(new CopyObjectCommand({ Bucket: bucket, Key: to, CopySource: `${bucket}/${from.split("/").map(encodeURIComponent).join("/")}` })).catch(nullIfNotFound);
      return copied !== null;
    },

    async list(prefix, limit, after) {
      const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, MaxKeys: limit, StartAfter: after }));
      return (page.Contents ?? []).flatMap((o) => (o.Key ? [{ key: o.Key, modifiedAt: o.LastModified ?? new Date(0) }] : []));
    },

    async stat(key): Promise<StoredObjectInfo | null> {
      const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key })).catch(nullIfNotFound);
      if (!head) return null;
      const size = head.ContentLength ?? 0;
      if (size === 0) return { size, contentType: head.ContentType ?? null, head: new Uint8Array() };
      const first = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key, Range: "bytes=0-7" })).catch(nullIfNotFound);
      if (!first?.Body) return null;
      return { size, contentType: head.ContentType ?? null, head: (await first.Body.transformToByteArray()).subarray(0, 8) };
    },

    async download(key, { expiresAt, filename }) {
      const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key })).catch(nullIfNotFound);
      if (!head) return null;
      const command = new GetObjectCommand({
        Bucket: bucket,
        Key: key,
        ResponseContentDisposition: `inline; filename="${safeFilename(filename)}"`,
      });
      return { kind: "redirect", url: await getSignedUrl(client, command, { expiresIn: secondsUntil(expiresAt) }) };
    },

    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },

    async ping() {
      await client.send(new HeadBucketCommand({ Bucket: bucket }));
    },
  };
}

/**
 * An SDK client for the configured bucket; region, endpoint and path style from config.
 * Every call ends within `timeoutMs`, its retry included: an abort signal with that deadline
 * goes with each `send`, and the socket-level timeouts (connecting, a socket with no
 * progress) throw rather than only log, so a frozen bucket's sockets are destroyed too.
 * A bucket that is down, slow or answering 5xx surfaces as `DependencyUnavailable` (503 to
 * the caller) instead of the SDK's own error.
 */
export function createS3Client(s3: S3Config, timeoutMs = 5_000): S3Client {
  const client = new S3Client({
    region: s3.region,
    endpoint: s3.endpoint,
    forcePathStyle: s3.forcePathStyle,
    // Checksums only where S3 requires them: a default CRC32 would be baked into presigned
    // PUT URLs (for an empty body) and break the browser's upload.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    maxAttempts: 2,
    requestHandler: { connectionTimeout: timeoutMs, requestTimeout: timeoutMs, throwOnRequestTimeout: true },
  });
  const send = client.send.bind(client) as (command: unknown, options?: { abortSignal?: AbortSignal }) => Promise<unknown>;
  client.send = (async (command: unknown, options?: { abortSignal?: AbortSignal }) => {
    const deadline = AbortSignal.timeout(timeoutMs);
    try {
      return await send(command, { abortSignal: deadline, ...options });
    } catch (err) {
      if (deadline.aborted) throw new DependencyUnavailable("storage", "timed_out", { cause: err });
      throw err;
    }
  }) as unknown as S3Client["send"];
  client.middlewareStack.add(
    (next) => async (args) => {
      try {
        return await next(args);
      } catch (err) {
        throw storageUnavailable(err) ?? err;
      }
    },
    { step: "initialize", name: "docscanStorageUnavailable" },
  );
  return client;
}

function secondsUntil(at: Date): number {
  return Math.min(MAX_PRESIGN_SECONDS, Math.max(1, Math.ceil((at.getTime() - Date.now()) / 1000)));
}

/** A quoted-string-safe filename for Content-Disposition (ASCII, no quotes or backslashes). */
function safeFilename(name: string): string {
  return name.replace(/[^\x20-\x7e]|["\\]/g, "_") || "document.pdf";
}

function nullIfNotFound(err: unknown): null {
  const notFound = err instanceof S3ServiceException && (err.$metadata.httpStatusCode === 404 || err.name === "NotFound" || err.name === "NoSuchKey");
  if (notFound) return null;
  throw err;
}
