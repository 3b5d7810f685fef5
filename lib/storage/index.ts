import type { Config } from "../config";
import type { BlobStore } from "./types";

export type * from "./types";
export { BlobRejected, type BlobRejection } from "./errors";
export { storageUnavailable } from "./unavailable";
export { readObject } from "./read-object";
export { signBlobUrl, verifyBlobUrl, type BlobUrlQuery } from "./blob-url";

/**
 * The configured blob store: the S3 bucket when `S3_BUCKET` is set, else files under `DATA_DIR/blobs`.
 * Each adapter is loaded only when chosen, so a local-disk process never evaluates the AWS SDK
 * (`@aws-sdk/*`, imported by `s3.ts` alone) and an S3 one never loads the local-disk store.
 * Keep these imports dynamic: a static import of `./s3` here would load the SDK into every
 * process (tests/unit/storage-loading.test.ts).
 */
export async function createBlobStore(config: Config): Promise<BlobStore> {
  if (config.s3) {
    const { createS3Client, createS3Store } = await import("./s3");
    return createS3Store(config.s3, createS3Client(config.s3, config.timeouts.storageMs));
  }
  const { createLocalDiskStore } = await import("./local-disk");
  return createLocalDiskStore(config);
}
