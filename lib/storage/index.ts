import type { Config } from "../config";
import { createLocalDiskStore } from "./local-disk";
import { createS3Client, createS3Store } from "./s3";
import type { BlobStore } from "./types";

export type * from "./types";
export { BlobRejected, type BlobRejection } from "./errors";
export { storageUnavailable } from "./unavailable";
export { signBlobUrl, verifyBlobUrl, type BlobUrlQuery } from "./blob-url";

/** The configured blob store: the S3 bucket when `S3_BUCKET` is set, else files under `DATA_DIR/blobs`. */
export function createBlobStore(config: Config): BlobStore {
  return config.s3 ? createS3Store(config.s3, createS3Client(config.s3, config.timeouts.storageMs)) : createLocalDiskStore(config);
}
