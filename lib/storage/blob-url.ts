import type { Config } from "../config";
import { deriveKey, hmacBase64Url, safeEqual } from "../crypto";

type BlobUrlConfig = Pick<Config, "appSecret" | "publicBaseUrl">;

/** The query of a `PUT /v1/scanner/blob` URL, as it arrives (any part may be missing). */
export interface BlobUrlQuery {
  key: string | null | undefined;
  exp: string | null | undefined;
  sig: string | null | undefined;
}

/**
 * The absolute `PUT /v1/scanner/blob` URL for `key`, valid until `expMs` (epoch ms). Used
 * by the local-disk store's `presignPut`; the signature binds key and expiry.
 */
export function signBlobUrl(config: BlobUrlConfig, key: string, expMs: number): string {
  const query = new URLSearchParams({ key, exp: String(expMs), sig: blobSignature(config, key, String(expMs)) });
  return `${config.publicBaseUrl}/v1/scanner/blob?${query.toString()}`;
}

/**
 * Checks a blob URL's query before anything is stored: the verified key, or null for a
 * tampered, malformed or past URL (the caller answers all three alike; SPEC has no separate
 * expiry error for the blob URL).
 */
export function verifyBlobUrl(config: BlobUrlConfig, query: BlobUrlQuery, nowMs: number): { key: string } | null {
  const { key, exp, sig } = query;
  if (!key || !exp || !sig || !/^\d{1,16}$/.test(exp)) return null;
  if (!safeEqual(sig, blobSignature(config, key, exp))) return null;
  if (nowMs >= Number(exp)) return null;
  return { key };
}

function blobSignature(config: BlobUrlConfig, key: string, exp: string): string {
  return hmacBase64Url(deriveKey(config.appSecret, "blob-url"), `blob\n${key}\n${exp}`);
}
