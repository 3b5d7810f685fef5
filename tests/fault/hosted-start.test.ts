/**
 * A hosted start refuses the single-machine defaults. The built server, started as
 * `npm start` starts it with a database URL but no PUBLIC_BASE_URL, object storage or shared
 * rate-limit store, exits non-zero at once with one message naming every missing variable;
 * with ALLOW_LOCAL_DEFAULTS=true the same start serves. (The database URL is never
 * connected to: the refusal comes first, and the accepted start is stopped after 8 s.)
 */
import { afterAll, describe, expect, it } from "vitest";
import { freshDatabases } from "../support/fresh-database";
import { serverExit } from "./support/server-exit";

const HOSTED_WITHOUT_SERVICES = {
  DATABASE_URL: "postgres://nobody@127.0.0.1:1/never",
  APP_SECRET: "hosted-start-secret-0123456789abcdef0123",
  PUBLIC_BASE_URL: "",
  S3_BUCKET: "",
  REDIS_URL: "",
  UPSTASH_REDIS_REST_URL: "",
  KV_REST_API_URL: "",
  LOG_LEVEL: "error",
  ALLOW_LOCAL_DEFAULTS: "", // the suite's own setup allows them
};

describe("hosted start", () => {
  it("without PUBLIC_BASE_URL, S3 and Redis exits at once, naming each variable and the opt-out", async () => {
    const start = await serverExit(HOSTED_WITHOUT_SERVICES);
    expect(start.code, start.stderr).toBe(1);
    for (const name of ["PUBLIC_BASE_URL", "S3_BUCKET", "REDIS_URL or UPSTASH_REDIS_REST_URL", "ALLOW_LOCAL_DEFAULTS=true"]) expect(start.stderr).toContain(name);
  });

  it("on Vercel without a database URL exits, naming DATABASE_URL", async () => {
    const start = await serverExit({ ...HOSTED_WITHOUT_SERVICES, DATABASE_URL: "", VERCEL: "1", PUBLIC_BASE_URL: "https://scan.example.com", S3_BUCKET: "docs", S3_REGION: "eu-west-1", REDIS_URL: "redis://127.0.0.1:1" });
    expect(start.code, start.stderr).toBe(1);
    expect(start.stderr).toContain("DATABASE_URL (or POSTGRES_URL): required on Vercel");
    expect(start.stderr).not.toContain("PUBLIC_BASE_URL:");
  });

  it("with ALLOW_LOCAL_DEFAULTS=true the same start serves (the database is only reached by requests)", async () => {
    const start = await serverExit({ ...HOSTED_WITHOUT_SERVICES, ALLOW_LOCAL_DEFAULTS: "true" }, 8_000);
    expect(start.code, `it exited: ${start.stderr}`).toBeNull();
    expect(start.stderr).not.toContain("Invalid configuration");
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("hosted start on a schema older than the code", () => {
  const databases = freshDatabases(process.env.TEST_DATABASE_URL ?? "postgres://unused");
  afterAll(() => databases.dropAll());

  it("with MIGRATE_ON_START=false exits naming the newest migration and the fix; by default it migrates and serves", async () => {
    const empty = await databases.create();
    const refused = await serverExit({ ...HOSTED_WITHOUT_SERVICES, ALLOW_LOCAL_DEFAULTS: "true", DATABASE_URL: empty, MIGRATE_ON_START: "false" });
    expect(refused.code, refused.stderr).toBe(1);
    expect(refused.stderr).toMatch(/database schema is older than this code \(its newest migration is \d{4}_\w+\)/);
    expect(refused.stderr).toContain("npm run db:migrate");

    const migrating = await serverExit({ ...HOSTED_WITHOUT_SERVICES, ALLOW_LOCAL_DEFAULTS: "true", DATABASE_URL: empty }, 8_000);
    expect(migrating.code, `it exited: ${migrating.stderr}`).toBeNull();
  });
});
