import type { Config } from "../config";
import { deriveKey, hmacBase64Url, safeEqual } from "../crypto";
import { ApiError } from "../errors";

type FileUrlConfig = Pick<Config, "appSecret" | "publicBaseUrl">;

/**
 * The signed, short-lived `result.url`: `GET /v1/files/:id?exp=<epoch ms>&sig=<HMAC>`, the
 * signature binding file id and expiry under a key used for nothing else.
 */
export function signFileUrl(config: FileUrlConfig, fileId: string, expMs: number): string {
  const query = new URLSearchParams({ exp: String(expMs), sig: fileSignature(config, fileId, String(expMs)) });
  return `${config.publicBaseUrl}/v1/files/${encodeURIComponent(fileId)}?${query.toString()}`;
}

/**
 * Checks a file URL. A changed id, exp or sig is `403 invalid_signature`; an intact URL whose
 * `exp` has passed is `404 not_found` (DESIGN.md, edge decisions).
 */
export function verifyFileUrl(config: FileUrlConfig, fileId: string, exp: string | null, sig: string | null, nowMs: number): void {
  if (!exp || !sig || !/^\d{1,16}$/.test(exp) || !safeEqual(sig, fileSignature(config, fileId, exp))) {
    throw new ApiError("invalid_signature");
  }
  if (nowMs >= Number(exp)) throw new ApiError("not_found", { message: "This file link has expired." });
}

function fileSignature(config: FileUrlConfig, fileId: string, exp: string): string {
  return hmacBase64Url(deriveKey(config.appSecret, "file-url"), `file\n${fileId}\n${exp}`);
}
