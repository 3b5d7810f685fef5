/** Where result PDFs live: local disk (embedded default) or any S3-compatible bucket. */
export interface PresignedUpload {
  /** Absolute URL the scanner PUTs the bytes to. */
  url: string;
  /** Headers the PUT must carry (at least Content-Type). */
  headers: Record<string, string>;
  expiresAt: Date;
}

export interface StoredObjectInfo {
  size: number;
  contentType: string | null;
  /** The first bytes of the object (up to 8), for the `%PDF-` check. */
  head: Uint8Array;
}

export type Download =
  | { kind: "stream"; body: ReadableStream<Uint8Array>; size: number; contentType: string }
  | { kind: "redirect"; url: string };

export interface PutOptions {
  contentType: string;
  /** Inclusive cap, enforced while streaming; one byte more throws `BlobRejected("too_large")`. */
  maxBytes: number;
}

export interface StoreOptions extends PutOptions {
  /** Runs after the last byte and before the object becomes visible; throwing discards it. */
  beforeCommit?: () => Promise<void>;
}

export interface ListedObject {
  key: string;
  modifiedAt: Date;
}

export interface BlobStore {
  readonly kind: "local" | "s3";
  /** A short-lived URL that accepts one PUT of `contentType` at `key`. */
  presignPut(key: string, options: PutOptions & { expiresAt: Date }): Promise<PresignedUpload>;
  /** Stores a body, counting bytes as they arrive; nothing is left behind on failure. No bytes: `BlobRejected("empty")`. */
  put(key: string, body: ReadableStream<Uint8Array> | Uint8Array, options: StoreOptions): Promise<{ size: number }>;
  /**
   * A snapshot of `from` at `to`: later writes to `from` (a handed-out upload URL) leave `to`
   * unchanged. False when `from` is absent.
   */
  copy(from: string, to: string): Promise<boolean>;
  /**
   * The objects whose keys start with `prefix` (a folder ending in `/`), in key order, at most
   * `limit`, starting after the key `after` when given: a page, and the way to the next one.
   */
  list(prefix: string, limit: number, after?: string): Promise<ListedObject[]>;
  /** Size, content type and first bytes, read back from storage; null when absent. */
  stat(key: string): Promise<StoredObjectInfo | null>;
  /** A stream of the object (local) or a short-lived presigned GET (S3); null when absent. */
  download(key: string, options: { expiresAt: Date; filename: string }): Promise<Download | null>;
  /** Removes the object; absent objects are not an error. */
  delete(key: string): Promise<void>;
  /** Local disk: deletes temp files of writes cut off (a killed process) last changed before `before`. */
  removeStaleTemp?(before: Date): Promise<number>;
  /** Resolves when the store can take writes (readiness): the folder is writable, the bucket answers. */
  ping(): Promise<void>;
}
