import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "@/lib/config";

const dataDir = () => mkdtempSync(path.join(tmpdir(), "docscan-config-"));
/** Everything a hosted start needs besides the database URL and APP_SECRET. */
const HOSTED = { PUBLIC_BASE_URL: "https://scan.example.com", S3_BUCKET: "docs", S3_REGION: "eu-west-1", REDIS_URL: "redis://cache:6379" };

describe("loadConfig", () => {
  it("applies RUNTIME.md's defaults", () => {
    const c = loadConfig({ DATA_DIR: dataDir() });
    expect(c.port).toBe(3000);
    expect(c.publicBaseUrl).toBe("http://localhost:3000");
    expect(c.scanUrlBase).toBe("http://localhost:3000/scan");
    expect(c.sessionTtlMs).toBe(900_000);
    expect(c.fileRetentionMs).toBe(86_400_000);
    expect(c.fileUrlTtlMs).toBe(3_600_000);
    expect(c.maxUploadBytes).toBe(26_214_400);
    expect(c.rateLimit).toEqual({ max: 60, publishableMax: 15, windowMs: 60_000 });
    expect(c.addressTrust).toEqual({ trustedProxyHops: 0, onVercel: false });
    expect(c.webhookTimeoutMs).toBe(10_000);
    expect(c.webhookRetryBaseMs).toBe(300_000);
    expect(c.schedulerIntervalMs).toBe(30_000);
    expect(c.hosted).toBe(false);
    expect(c.webhookAllowPrivate).toBe(true);
    expect(c.cronSecret).toBeUndefined();
    expect(c.logLevel).toBe("info");
  });

  it("derives URLs from PORT and PUBLIC_BASE_URL", () => {
    expect(loadConfig({ DATA_DIR: dataDir(), PORT: "4100" }).publicBaseUrl).toBe("http://localhost:4100");
    const c = loadConfig({ DATA_DIR: dataDir(), PUBLIC_BASE_URL: "https://scan.example.com/" });
    expect(c.publicBaseUrl).toBe("https://scan.example.com");
    expect(c.publicOrigin).toBe("https://scan.example.com");
    expect(c.scanUrlBase).toBe("https://scan.example.com/scan");
  });

  it.each([
    ["PORT", "abc"],
    ["PORT", "70000"],
    ["SESSION_TTL_SECONDS", "0"],
    ["MAX_UPLOAD_BYTES", "-5"],
    ["RATE_LIMIT_MAX", "1.5"],
    ["PUBLIC_BASE_URL", "not a url"],
    ["PUBLIC_BASE_URL", "ftp://example.com"],
    ["LOG_LEVEL", "loud"],
    ["WEBHOOK_ALLOW_PRIVATE", "maybe"],
    ["APP_SECRET", "short"],
    ["CRON_SECRET", "short-secret"],
    ["MAX_CONCURRENT_UPLOADS", "0"],
    ["DB_QUERY_TIMEOUT_MS", "soon"],
  ])("refuses %s=%s with a message naming the variable", (name, value) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir(), [name]: value })).toThrow(name);
  });

  it("generates APP_SECRET once into DATA_DIR when embedded, and keeps it", () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).appSecret;
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(readFileSync(path.join(dir, "app-secret"), "utf8")).toBe(first);
    expect(loadConfig({ DATA_DIR: dir }).appSecret).toBe(first);
  });

  it("requires APP_SECRET when DATABASE_URL or POSTGRES_URL is set, without writing one", () => {
    for (const name of ["DATABASE_URL", "POSTGRES_URL"]) {
      const dir = dataDir();
      expect(() => loadConfig({ ...HOSTED, DATA_DIR: dir, [name]: "postgres://x@127.0.0.1/db" })).toThrow(/APP_SECRET/);
      expect(existsSync(path.join(dir, "app-secret"))).toBe(false);
    }
    const c = loadConfig({ ...HOSTED, DATA_DIR: dataDir(), DATABASE_URL: "postgres://x@127.0.0.1/db", APP_SECRET: "s".repeat(32) });
    expect(c.hosted).toBe(true);
    expect(c.webhookAllowPrivate).toBe(false);
  });

  it("hosted mode allows private webhook destinations only when WEBHOOK_ALLOW_PRIVATE=true", () => {
    const base = { ...HOSTED, DATA_DIR: dataDir(), DATABASE_URL: "postgres://x@127.0.0.1/db", APP_SECRET: "s".repeat(32) };
    expect(loadConfig({ ...base, WEBHOOK_ALLOW_PRIVATE: "true" }).webhookAllowPrivate).toBe(true);
  });

  it("reads Upstash from either name pair and needs the token with the URL", () => {
    const kv = loadConfig({ DATA_DIR: dataDir(), KV_REST_API_URL: "https://kv.example", KV_REST_API_TOKEN: "t" });
    expect(kv.upstash).toEqual({ url: "https://kv.example", token: "t" });
    expect(() => loadConfig({ DATA_DIR: dataDir(), UPSTASH_REDIS_REST_URL: "https://kv.example" })).toThrow(/UPSTASH_REDIS_REST_TOKEN/);
  });

  it("needs S3_REGION with S3_BUCKET and reads path-style", () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), S3_BUCKET: "b" })).toThrow(/S3_REGION/);
    const c = loadConfig({ DATA_DIR: dataDir(), S3_BUCKET: "b", S3_REGION: "eu-west-1", S3_ENDPOINT: "http://127.0.0.1:9000", S3_FORCE_PATH_STYLE: "true" });
    expect(c.s3).toEqual({ bucket: "b", region: "eu-west-1", endpoint: "http://127.0.0.1:9000", forcePathStyle: true });
  });

  describe("a hosted start refuses the single-machine defaults, naming each variable", () => {
    const db = { DATA_DIR: dataDir(), DATABASE_URL: "postgres://x@127.0.0.1/db", APP_SECRET: "s".repeat(32) };

    it.each([
      ["PUBLIC_BASE_URL", { PUBLIC_BASE_URL: undefined }],
      ["S3_BUCKET", { S3_BUCKET: undefined, S3_REGION: undefined }],
      ["REDIS_URL or UPSTASH_REDIS_REST_URL", { REDIS_URL: undefined }],
    ])("without %s", (name, unset) => {
      expect(() => loadConfig({ ...HOSTED, ...db, ...unset })).toThrow(ConfigError);
      expect(() => loadConfig({ ...HOSTED, ...db, ...unset })).toThrow(`${name}`);
    });

    it("lists every gap at once, and says how to accept them", () => {
      const message = (() => {
        try {
          loadConfig(db);
        } catch (err) {
          return (err as Error).message;
        }
        return "";
      })();
      for (const name of ["PUBLIC_BASE_URL", "S3_BUCKET", "REDIS_URL"]) expect(message).toContain(name);
      expect(message).toContain("ALLOW_LOCAL_DEFAULTS=true");
    });

    it("on Vercel even without a database URL, which must then be given", () => {
      expect(() => loadConfig({ ...HOSTED, DATA_DIR: dataDir(), VERCEL: "1" })).toThrow(/DATABASE_URL \(or POSTGRES_URL\): required on Vercel/);
      expect(loadConfig({ ...HOSTED, ...db, VERCEL: "1" }).hosted).toBe(true);
    });

    it("Upstash counts as the shared rate-limit store", () => {
      const c = loadConfig({ ...HOSTED, ...db, REDIS_URL: undefined, UPSTASH_REDIS_REST_URL: "https://kv.example", UPSTASH_REDIS_REST_TOKEN: "t" });
      expect(c.upstash).toEqual({ url: "https://kv.example", token: "t" });
    });

    it("ALLOW_LOCAL_DEFAULTS=true accepts them; the embedded defaults never need it", () => {
      expect(loadConfig({ ...db, ALLOW_LOCAL_DEFAULTS: "true" }).publicBaseUrl).toBe("http://localhost:3000");
      expect(loadConfig({ DATA_DIR: dataDir() }).hosted).toBe(false);
    });
  });

  it("treats empty variables as unset", () => {
    expect(loadConfig({ DATA_DIR: dataDir(), PORT: "", DATABASE_URL: "" }).hosted).toBe(false);
  });
});
