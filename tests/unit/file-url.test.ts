import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/errors";
import { signFileUrl, verifyFileUrl } from "@/lib/files/file-url";

const config = { appSecret: "unit-test-secret-0123456789abcdef0123", publicBaseUrl: "https://api.example.com" };
const now = 1_800_000_000_000;

function parts(url: string) {
  const u = new URL(url);
  return { id: decodeURIComponent(u.pathname.split("/").pop()!), exp: u.searchParams.get("exp"), sig: u.searchParams.get("sig") };
}

function codeOf(fn: () => void): string | null {
  try {
    fn();
    return null;
  } catch (err) {
    return err instanceof ApiError ? `${err.status} ${err.code}` : String(err);
  }
}

describe("file url", () => {
  it("is absolute on the public base URL and verifies until exp", () => {
    const url = signFileUrl(config, "file_abc", now + 1000);
    expect(url).toMatch(/^https:\/\/api\.example\.com\/v1\/files\/file_abc\?exp=\d+&sig=[A-Za-z0-9_-]+$/);
    const { id, exp, sig } = parts(url);
    expect(codeOf(() => verifyFileUrl(config, id, exp, sig, now))).toBeNull();
    expect(codeOf(() => verifyFileUrl(config, id, exp, sig, now + 1000))).toBe("404 not_found");
  });

  it("answers 403 invalid_signature for any changed part, a missing part or another key", () => {
    const { id, exp, sig } = parts(signFileUrl(config, "file_abc", now + 1000));
    expect(codeOf(() => verifyFileUrl(config, "file_abd", exp, sig, now))).toBe("403 invalid_signature");
    expect(codeOf(() => verifyFileUrl(config, id, String(Number(exp) + 1), sig, now))).toBe("403 invalid_signature");
    expect(codeOf(() => verifyFileUrl(config, id, exp, sig!.slice(1), now))).toBe("403 invalid_signature");
    expect(codeOf(() => verifyFileUrl(config, id, null, sig, now))).toBe("403 invalid_signature");
    expect(codeOf(() => verifyFileUrl(config, id, exp, null, now))).toBe("403 invalid_signature");
    expect(codeOf(() => verifyFileUrl(config, id, "1e20", sig, now))).toBe("403 invalid_signature");
    expect(codeOf(() => verifyFileUrl({ ...config, appSecret: "x".repeat(40) }, id, exp, sig, now))).toBe("403 invalid_signature");
  });

  it("a past exp with a tampered sig is still 403 (the signature is checked first)", () => {
    const { id, exp } = parts(signFileUrl(config, "file_abc", now - 1));
    expect(codeOf(() => verifyFileUrl(config, id, exp, "AAAA", now))).toBe("403 invalid_signature");
  });
});
