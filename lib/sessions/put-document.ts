import { ApiError } from "../errors";
import { BlobRejected, type BlobStore, type StoreOptions } from "../storage";

/** `BlobStore.put` for an uploaded document, with the store's refusals as the API's errors. */
export async function putDocument(storage: BlobStore, key: string, body: ReadableStream<Uint8Array> | Uint8Array, options: StoreOptions): Promise<{ size: number }> {
  try {
    return await storage.put(key, body, options);
  } catch (err) {
    if (err instanceof BlobRejected) throw new ApiError(err.reason === "too_large" ? "file_too_large" : "empty_file");
    throw err;
  }
}
