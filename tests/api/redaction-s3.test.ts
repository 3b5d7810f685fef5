/** Redaction against an S3 bucket (s3rver over HTTP): every object of the session is gone from the listing, others stay. */
import { describe, expect, it } from "vitest";
import { pagePicturesFolder } from "@/lib/files/page-pictures/stored";
import { callJson } from "../support/app";
import { signup } from "../support/factories";
import { objectsOf } from "../support/redaction";
import { useServicesOnS3 } from "../support/s3-services";
import { createSessionWith, openScanner, pdfBytes } from "../support/sessions";

const svc = useServicesOnS3();

/** A session completed through the presigned PUT, so both its upload key and its document exist, plus a page picture where the console stores them. */
async function completedOnS3(secretKey: string) {
  const s = await createSessionWith(secretKey, { metadata: { patient: "Jane Roe" } });
  const config = await openScanner(s.client_token);
  const put = await fetch(config.upload.url, { method: "PUT", body: new Uint8Array(pdfBytes(1500)), headers: { "Content-Type": "application/pdf" } });
  expect(put.status).toBe(200);
  expect((await callJson("POST", "/v1/scanner/complete", { json: { session: s.client_token } })).status).toBe(200);
  const [document] = (await svc.get().storage.list("files/", 1000)).map((o) => o.key).filter((k) => k.startsWith(`files/${s.id}`));
  await svc.get().storage.put(`${pagePicturesFolder(document)}0`, new Uint8Array([0xff, 0xd8, 0xff, 0xd9]), { contentType: "image/jpeg", maxBytes: 1024 });
  return { ...s, document };
}

describe("happy", () => {
  it("after a redaction no object of the session is listed in the bucket; another session's objects stay", async () => {
    expect(svc.get().storage.kind).toBe("s3");
    const a = await signup();
    const s = await completedOnS3(a.secretKey);
    const other = await completedOnS3(a.secretKey);
    const storage = svc.get().storage;
    const pictures = () => storage.list(pagePicturesFolder(s.document), 100);
    expect((await objectsOf(storage, s.id)).some((k) => k.endsWith(".pdf"))).toBe(true);
    expect(await pictures()).toHaveLength(1);
    const res = await callJson("POST", `/v1/sessions/${s.id}/redact`, { bearer: a.secretKey });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ redacted: true, metadata: {}, result: null });
    expect(await objectsOf(storage, s.id)).toEqual([]);
    expect(await pictures()).toEqual([]);
    expect((await objectsOf(storage, other.id)).filter((k) => k.startsWith("files/"))).toHaveLength(1);
    expect(await storage.list(pagePicturesFolder(other.document), 100)).toHaveLength(1);
  });
});
