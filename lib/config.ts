import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

/**
 * Every environment variable of RUNTIME.md, parsed and validated once. A bad value stops
 * the start with a message naming the variable; nothing else reads `process.env`.
 */
const int = (min: number, fallback: number) => z.coerce.number().int().min(min).default(fallback);
const bool = z.enum(["true", "false", "1", "0", ""]).default("false").transform((v) => v === "true" || v === "1");

const EnvSchema = z.object({
  PORT: int(1, 3000).pipe(z.number().max(65535)),
  PUBLIC_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  SCAN_URL_BASE: z.url({ protocol: /^https?$/ }).optional(),
  DATA_DIR: z.string().min(1).default("./.data"),
  APP_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  DATABASE_URL: z.string().optional(),
  POSTGRES_URL: z.string().optional(),
  REDIS_URL: z.string().optional(),
  UPSTASH_REDIS_REST_URL: z.string().optional(),
  UPSTASH_REDIS_REST_TOKEN: z.string().optional(),
  KV_REST_API_URL: z.string().optional(),
  KV_REST_API_TOKEN: z.string().optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_FORCE_PATH_STYLE: bool,
  CRON_SECRET: z.string().min(16, "must be at least 16 characters (use `openssl rand -hex 32`)").optional(),
  SESSION_TTL_SECONDS: int(1, 900),
  FILE_RETENTION_SECONDS: int(1, 86400),
  FILE_URL_TTL_SECONDS: int(1, 3600),
  MAX_UPLOAD_BYTES: int(1, 26214400),
  MAX_CONCURRENT_UPLOADS: int(1, 16),
  RATE_LIMIT_MAX: int(1, 60),
  RATE_LIMIT_WINDOW_SECONDS: int(1, 60),
  WEBHOOK_TIMEOUT_MS: int(1, 10000),
  WEBHOOK_RETRY_BASE_SECONDS: int(0, 300),
  SCHEDULER_INTERVAL_SECONDS: int(0, 30),
  WEBHOOK_ALLOW_PRIVATE: bool,
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error"]).default("info"),
  DB_POOL_MAX: int(1, 10),
  DB_CONNECT_TIMEOUT_MS: int(1, 2000),
  DB_QUERY_TIMEOUT_MS: int(1, 5000),
  RATE_LIMIT_TIMEOUT_MS: int(1, 500),
  STORAGE_TIMEOUT_MS: int(1, 5000),
  TRUSTED_PROXY_HOPS: int(0, 0).pipe(z.number().max(10)),
  RATE_LIMIT_PUBLISHABLE_MAX: z.coerce.number().int().min(1).optional(),
  /** Set by the platform on Vercel. */
  VERCEL: z.string().optional(),
  /** Hosted: apply drizzle/'s migrations at start (one instance at a time); false leaves them to `npm run db:migrate`. */
  MIGRATE_ON_START: z.enum(["true", "false", "1", "0", ""]).default("true").transform((v) => v === "true" || v === "1"),
  /** Lets a hosted start (database URL, or Vercel) use the single-machine defaults; see hostedProblems. */
  ALLOW_LOCAL_DEFAULTS: bool,
});

export type Config = ReturnType<typeof loadConfig>;

/** Parses an environment (process.env by default) into the service's configuration. */
export function loadConfig(env: Record<string, string | undefined> = process.env) {
  const blankAsUnset = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = EnvSchema.safeParse(blankAsUnset);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration: ${problems.join("; ")}`);
  }
  const e = parsed.data;
  const databaseUrl = e.DATABASE_URL ?? e.POSTGRES_URL;
  const dataDir = path.resolve(e.DATA_DIR);
  const publicBaseUrl = stripSlash(e.PUBLIC_BASE_URL ?? `http://localhost:${e.PORT}`);
  const upstashUrl = e.UPSTASH_REDIS_REST_URL ?? e.KV_REST_API_URL;
  const upstashToken = e.UPSTASH_REDIS_REST_TOKEN ?? e.KV_REST_API_TOKEN;
  if (upstashUrl && !upstashToken) throw new ConfigError("Invalid configuration: UPSTASH_REDIS_REST_TOKEN: required with UPSTASH_REDIS_REST_URL");
  if (e.S3_BUCKET && !e.S3_REGION) throw new ConfigError("Invalid configuration: S3_REGION: required with S3_BUCKET");
  const hostedGaps = hostedProblems(e, databaseUrl, upstashUrl);
  if (hostedGaps.length > 0) {
    throw new ConfigError(
      `Invalid configuration for a hosted deployment: ${hostedGaps.join("; ")}. ` +
        "To run one instance on one machine with these defaults anyway, set ALLOW_LOCAL_DEFAULTS=true.",
    );
  }
  return {
    port: e.PORT,
    publicBaseUrl,
    publicOrigin: new URL(publicBaseUrl).origin,
    scanUrlBase: stripSlash(e.SCAN_URL_BASE ?? `${publicBaseUrl}/scan`),
    dataDir,
    appSecret: resolveAppSecret(e.APP_SECRET, databaseUrl, dataDir),
    /** Hosted mode: a real database is configured (the embedded defaults are not in use). */
    hosted: Boolean(databaseUrl),
    databaseUrl,
    migrateOnStart: e.MIGRATE_ON_START,
    redisUrl: e.REDIS_URL,
    upstash: upstashUrl && upstashToken ? { url: upstashUrl, token: upstashToken } : undefined,
    s3: e.S3_BUCKET
      ? { bucket: e.S3_BUCKET, region: e.S3_REGION!, endpoint: e.S3_ENDPOINT, forcePathStyle: e.S3_FORCE_PATH_STYLE }
      : undefined,
    cronSecret: e.CRON_SECRET,
    sessionTtlMs: e.SESSION_TTL_SECONDS * 1000,
    fileRetentionMs: e.FILE_RETENTION_SECONDS * 1000,
    fileUrlTtlMs: e.FILE_URL_TTL_SECONDS * 1000,
    maxUploadBytes: e.MAX_UPLOAD_BYTES,
    /** Upload bodies (one-step and blob PUT) one process reads at once; past it `503` + `Retry-After`. */
    maxConcurrentUploads: e.MAX_CONCURRENT_UPLOADS,
    rateLimit: {
      max: e.RATE_LIMIT_MAX,
      /** Publishable-key sessions count in their own, smaller bucket (default: a quarter of max). */
      publishableMax: e.RATE_LIMIT_PUBLISHABLE_MAX ?? Math.max(1, Math.floor(e.RATE_LIMIT_MAX / 4)),
      windowMs: e.RATE_LIMIT_WINDOW_SECONDS * 1000,
    },
    /** How the client address is found (lib/http/client-address.ts). */
    addressTrust: { trustedProxyHops: e.TRUSTED_PROXY_HOPS, onVercel: Boolean(e.VERCEL) },
    /** Postgres connections per instance. */
    dbPoolMax: e.DB_POOL_MAX,
    /** How long a call to each dependency may take before the request answers 503. */
    timeouts: {
      db: { connectMs: e.DB_CONNECT_TIMEOUT_MS, queryMs: e.DB_QUERY_TIMEOUT_MS },
      rateLimitMs: e.RATE_LIMIT_TIMEOUT_MS,
      storageMs: e.STORAGE_TIMEOUT_MS,
    },
    webhookTimeoutMs: e.WEBHOOK_TIMEOUT_MS,
    webhookRetryBaseMs: e.WEBHOOK_RETRY_BASE_SECONDS * 1000,
    schedulerIntervalMs: e.SCHEDULER_INTERVAL_SECONDS * 1000,
    /** Private and loopback webhook destinations: always allowed embedded, opt-in when hosted. */
    webhookAllowPrivate: !databaseUrl || e.WEBHOOK_ALLOW_PRIVATE,
    logLevel: e.LOG_LEVEL,
  };
}

export class ConfigError extends Error {}

/**
 * A hosted start (a database URL is set, or the platform is Vercel) must not fall back, without
 * a word, to the defaults that only make sense on one machine: links to localhost, documents
 * on one instance's disk, rate limits counted per instance, a database in a function's
 * temporary directory. Each gap names its variable; ALLOW_LOCAL_DEFAULTS=true accepts them.
 */
function hostedProblems(e: z.infer<typeof EnvSchema>, databaseUrl: string | undefined, upstashUrl: string | undefined): string[] {
  if (!(databaseUrl || e.VERCEL) || e.ALLOW_LOCAL_DEFAULTS) return [];
  const gaps: string[] = [];
  if (!databaseUrl) gaps.push("DATABASE_URL (or POSTGRES_URL): required on Vercel, where the embedded database would live in one function's temporary directory");
  if (!e.PUBLIC_BASE_URL) gaps.push("PUBLIC_BASE_URL: required when hosted, or scan links, file links and webhook links point at localhost");
  if (!e.S3_BUCKET) gaps.push("S3_BUCKET (with S3_REGION): required when hosted, or documents are written to one instance's local disk");
  if (!e.REDIS_URL && !upstashUrl) gaps.push("REDIS_URL or UPSTASH_REDIS_REST_URL: required when hosted, or every instance counts rate limits on its own");
  return gaps;
}

function stripSlash(url: string): string {
  return url.replace(/\/+$/, "");
}

/** RUNTIME.md: generated once into DATA_DIR when embedded; required when a database URL is set. */
function resolveAppSecret(given: string | undefined, databaseUrl: string | undefined, dataDir: string): string {
  if (given) return given;
  if (databaseUrl) {
    throw new ConfigError("Invalid configuration: APP_SECRET: required when DATABASE_URL or POSTGRES_URL is set (use 32+ random characters, e.g. `openssl rand -hex 32`)");
  }
  const file = path.join(dataDir, "app-secret");
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  try {
    // "wx": when two processes start at once, exactly one writes and both read its value.
    writeFileSync(file, randomBytes(32).toString("hex"), { mode: 0o600, flag: "wx" });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
  }
  return readFileSync(file, "utf8").trim();
}

let cached: Config | undefined;

/** The process-wide configuration, parsed on first use. */
export function config(): Config {
  cached ??= loadConfig();
  return cached;
}

/** Test hook: replace the process-wide configuration. */
export function setConfigForTests(next: Config | undefined): void {
  cached = next;
}
