import { randomBytes } from "node:crypto";
import { constants, createWriteStream } from "node:fs";
import { access, copyFile, mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { Config } from "../config";
import { signBlobUrl } from "./blob-url";
import { assertWithinCap, cappedChunks } from "./capped-body";
import { BlobRejected } from "./errors";
import type { BlobStore, Download, ListedObject, StoredObjectInfo, StoreOptions } from "./types";

const KEY_PATTERN = /^[A-Za-z0-9_.-]+(\/[A-Za-z0-9_.-]+)*$/;
const META_SUFFIX = ".meta.json";
const TEMP_SUFFIX = ".tmp";

/**
 * The embedded default: blobs as files under `DATA_DIR/blobs`, uploaded through the
 * HMAC-signed `PUT /v1/scanner/blob` URL and served as a stream. The content type lives in
 * a `<file>.meta.json` sidecar, written before the data file is renamed into place. Files
 * are 0600 and folders 0700: documents are private to the service's user.
 */
export function createLocalDiskStore(config: Pick<Config, "dataDir" | "appSecret" | "publicBaseUrl">): BlobStore {
  const root = path.join(config.dataDir, "blobs");
  const fileFor = (key: string) => path.join(root, checkKey(key));

  return {
    kind: "local",

    async presignPut(key, { contentType, expiresAt }) {
      checkKey(key);
      return { url: signBlobUrl(config, key, expiresAt.getTime()), headers: { "Content-Type": contentType }, expiresAt };
    },

    async put(key, body, options) {
      const file = fileFor(key);
      await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      return writeAtomically(file, body, options);
    },

    async copy(from, to) {
      const [source, target] = [fileFor(from), fileFor(to)];
      const contentType = await readContentType(source);
      await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
      const temp = tempBeside(target);
      try {
        // The copy is made under a temp name and renamed: readers see all of it or none.
        if ((await copyFile(source, temp).catch(nullIfMissing)) === null) return false;
        await writeFile(target + META_SUFFIX, JSON.stringify({ contentType }), { mode: 0o600 });
        await rename(temp, target);
        return true;
      } finally {
        await rm(temp, { force: true });
      }
    },

    async list(prefix, limit, after) {
      const folder = prefix.replace(/\/$/, "");
      const dir = path.join(root, checkKey(folder));
      // Sorted as S3 sorts keys (by code unit here; the names are ASCII), so `after` pages alike.
      const names = ((await readdir(dir).catch(nullIfMissing)) ?? []).sort();
      const found: ListedObject[] = [];
      for (const name of names) {
        if (found.length >= limit) break;
        const key = `${folder}/${name}`;
        if (name.startsWith(".") || name.endsWith(META_SUFFIX) || (after !== undefined && key <= after)) continue;
        const info = await stat(path.join(dir, name)).catch(nullIfMissing);
        if (info?.isFile()) found.push({ key, modifiedAt: info.mtime });
      }
      return found;
    },

    async removeStaleTemp(before) {
      let removed = 0;
      for (const dir of await readdir(root).catch(() => [] as string[])) {
        const names = await readdir(path.join(root, dir)).catch(() => [] as string[]);
        for (const name of names.filter((n) => n.startsWith(".") && n.endsWith(TEMP_SUFFIX))) {
          const file = path.join(root, dir, name);
          const info = await stat(file).catch(() => null);
          if (info && info.mtime < before) {
            await rm(file, { force: true });
            removed++;
          }
        }
      }
      return removed;
    },

    async stat(key) {
      return statFile(fileFor(key));
    },

    async download(key): Promise<Download | null> {
      const file = fileFor(key);
      const handle = await open(file, "r").catch(nullIfMissing);
      if (!handle) return null;
      const { size } = await handle.stat();
      const body = Readable.toWeb(handle.createReadStream()) as ReadableStream<Uint8Array>;
      return { kind: "stream", body, size, contentType: (await readContentType(file)) ?? "application/octet-stream" };
    },

    async delete(key) {
      const file = fileFor(key);
      await rm(file, { force: true });
      await rm(file + META_SUFFIX, { force: true });
    },

    async ping() {
      await mkdir(root, { recursive: true, mode: 0o700 });
      await access(root, constants.W_OK);
    },
  };
}

/** Keys are minted by the service, never taken from users: anything odd is a bug, not a 400. */
function checkKey(key: string): string {
  if (!KEY_PATTERN.test(key) || key.includes("..") || key.split("/").includes(".")) {
    throw new Error(`Invalid blob key: ${JSON.stringify(key)}`);
  }
  if (key.endsWith(META_SUFFIX)) throw new Error(`Invalid blob key (reserved suffix): ${JSON.stringify(key)}`);
  return key;
}

/** A hidden temp name beside `file`, unique per write; `removeStaleTemp` finds the ones a killed process left. */
function tempBeside(file: string): string {
  return path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(6).toString("hex")}${TEMP_SUFFIX}`);
}

/**
 * Writes into a temp file beside the target (streamed, or in one write for bytes already in
 * memory) and renames it into place only when complete and `beforeCommit` (the caller's last
 * check) has passed.
 */
async function writeAtomically(file: string, body: ReadableStream<Uint8Array> | Uint8Array, options: StoreOptions): Promise<{ size: number }> {
  const temp = tempBeside(file);
  try {
    const size = body instanceof Uint8Array ? await writeBytes(temp, body, options.maxBytes) : await writeChunks(temp, body, options.maxBytes);
    if (size === 0) throw new BlobRejected("empty");
    await options.beforeCommit?.();
    await writeFile(file + META_SUFFIX, JSON.stringify({ contentType: options.contentType }), { mode: 0o600 });
    await rename(temp, file);
    return { size };
  } catch (err) {
    // Once renamed the temp name is gone; only a write that stopped short leaves one to remove.
    await rm(temp, { force: true });
    throw err;
  }
}

/** A body already in memory, in one write (a stream's machinery costs an upload more than the write). */
async function writeBytes(temp: string, bytes: Uint8Array, maxBytes: number): Promise<number> {
  assertWithinCap(bytes.byteLength, maxBytes);
  await writeFile(temp, bytes, { flag: "wx", mode: 0o600 });
  return bytes.byteLength;
}

/** A streamed body, counted against the cap as it arrives. */
async function writeChunks(temp: string, body: ReadableStream<Uint8Array>, maxBytes: number): Promise<number> {
  const out = createWriteStream(temp, { flags: "wx", mode: 0o600 });
  await pipeline(Readable.from(cappedChunks(body, maxBytes)), out);
  return out.bytesWritten;
}

async function statFile(file: string): Promise<StoredObjectInfo | null> {
  const handle = await open(file, "r").catch(nullIfMissing);
  if (!handle) return null;
  try {
    const { size } = await handle.stat();
    const head = new Uint8Array(Math.min(8, size));
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return { size, contentType: await readContentType(file), head: head.subarray(0, bytesRead) };
  } finally {
    await handle.close();
  }
}

async function readContentType(file: string): Promise<string | null> {
  const raw = await readFile(file + META_SUFFIX, "utf8").catch(nullIfMissing);
  if (raw === null) return null;
  const meta = JSON.parse(raw) as { contentType?: unknown };
  return typeof meta.contentType === "string" ? meta.contentType : null;
}

function nullIfMissing(err: unknown): null {
  if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
  throw err;
}
