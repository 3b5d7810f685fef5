import { DependencyUnavailable } from "../dependencies";
import type { BlobStore } from "./types";
import { storageUnavailable } from "./unavailable";

/**
 * An object's whole bytes, for the server's own use (the console's page pictures); null when
 * absent. S3 answers a download with a presigned GET, which is fetched here under the same
 * deadline as every other storage call: a bucket that accepts the HEAD and then stops
 * answering must give 503, not a request that never ends.
 */
export async function readObject(store: BlobStore, key: string, { timeoutMs }: { timeoutMs: number }): Promise<Uint8Array | null> {
  const download = await store.download(key, { expiresAt: new Date(Date.now() + 60_000), filename: "object.pdf" });
  if (!download) return null;
  if (download.kind === "stream") return new Uint8Array(await new Response(download.body).arrayBuffer());
  const deadline = AbortSignal.timeout(timeoutMs);
  try {
    const res = await fetch(download.url, { signal: deadline });
    if (res.status === 404) return null;
    if (!res.ok) throw new DependencyUnavailable("storage", "unreachable");
    return new Uint8Array(await res.arrayBuffer());
  } catch (err) {
    if (deadline.aborted) throw new DependencyUnavailable("storage", "timed_out", { cause: err });
    throw storageUnavailable(err) ?? err;
  }
}
