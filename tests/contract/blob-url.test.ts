import { describe, expect, it } from "vitest";
import { signBlobUrl, verifyBlobUrl, type BlobUrlQuery } from "../../lib/storage/blob-url";

const config = { appSecret: "blob-url-test-secret-0123456789abcdef", publicBaseUrl: "https://scan.example.com" };
const NOW = 1_700_000_000_000;
const KEY = "uploads/sess_abc.pdf";

function queryOf(url: string): BlobUrlQuery {
  const params = new URL(url).searchParams;
  return { key: params.get("key"), exp: params.get("exp"), sig: params.get("sig") };
}

function expectInvalid(query: BlobUrlQuery, nowMs = NOW): void {
  expect(verifyBlobUrl(config, query, nowMs)).toBeNull();
}

describe("blob URL signatures", () => {
  const url = signBlobUrl(config, KEY, NOW + 60_000);
  const good = queryOf(url);

  it("points at PUT /v1/scanner/blob on the public base URL and verifies", () => {
    expect(url.startsWith("https://scan.example.com/v1/scanner/blob?")).toBe(true);
    expect(good).toMatchObject({ key: KEY, exp: String(NOW + 60_000) });
    expect(verifyBlobUrl(config, good, NOW)).toEqual({ key: KEY });
  });

  it("refuses a tampered key, exp or sig", () => {
    expectInvalid({ ...good, key: "uploads/sess_other.pdf" });
    expectInvalid({ ...good, exp: String(NOW + 120_000) });
    expectInvalid({ ...good, sig: `${good.sig!.slice(0, -1)}${good.sig!.endsWith("A") ? "B" : "A"}` });
    expectInvalid({ ...good, sig: "" });
  });

  it("refuses missing or malformed parts", () => {
    expectInvalid({ ...good, key: null });
    expectInvalid({ ...good, exp: undefined });
    expectInvalid({ ...good, exp: "1e13" });
    expectInvalid({ ...good, exp: `${good.exp}.0` });
  });

  it("refuses a URL at or past its expiry with invalid_signature", () => {
    expect(verifyBlobUrl(config, good, NOW + 59_999)).toEqual({ key: KEY });
    expectInvalid(good, NOW + 60_000);
    expectInvalid(good, NOW + 3_600_000);
  });

  it("does not verify under another secret", () => {
    expect(verifyBlobUrl({ ...config, appSecret: "another-secret-0123456789abcdef0123" }, good, NOW)).toBeNull();
  });
});
