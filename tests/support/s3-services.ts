import { afterAll, beforeAll } from "vitest";
import { startS3Server, type TestS3 } from "./s3-server";
import { useServices } from "./services";

/**
 * `useServices` with its blob store on a fresh s3rver bucket over HTTP (tests/support/s3-server.ts),
 * started before the services and closed after them; `env` adds to the configuration.
 */
export function useServicesOnS3(env: Record<string, string> = {}) {
  const config: Record<string, string> = { ...env };
  let s3: TestS3 | undefined;
  beforeAll(async () => {
    s3 = await startS3Server();
    Object.assign(config, { S3_BUCKET: s3.s3.bucket, S3_REGION: "us-east-1", S3_ENDPOINT: s3.s3.endpoint, S3_FORCE_PATH_STYLE: "true" });
  });
  const services = useServices(config);
  afterAll(async () => {
    await s3?.close();
  });
  return {
    ...services,
    /** The bucket's name and endpoint, once started (inside tests and hooks). */
    bucket: () => {
      if (!s3) throw new Error("the S3 server has not started yet (use it inside a test or hook)");
      return s3.s3;
    },
  };
}
