/** The S3 path end to end against s3rver over HTTP: presigned PUT, complete, 302 download. */
import { describe, expect, it } from "vitest";
import { contextFor } from "@/lib/context";
import { runScheduledWork } from "@/lib/cron/run-scheduled-work";
import { call, callJson } from "../support/app";
import { signup } from "../support/factories";
import { useServicesOnS3 } from "../support/s3-services";
import { balanceOf, createSessionWith, openScanner, pdfBytes, uploadJson } from "../support/sessions";

const MAX = 4096;
const svc = useServicesOnS3({ MAX_UPLOAD_BYTES: String(MAX) });

async function opened(secretKey: string) {
  const s = await createSessionWith(secretKey);
  return { ...s, config: await openScanner(s.client_token) };
}

const putS3 = (url: string, bytes: Buffer, contentType = "application/pdf") =>
  fetch(url, { method: "PUT", body: new Uint8Array(bytes), headers: { "Content-Type": contentType } });
const complete = (token: string) => callJson("POST", "/v1/scanner/complete", { json: { session: token } });

describe("happy", () => {
  it("upload.url is a presigned S3 PUT at the session's key; complete reads the size back; the file redirects", async () => {
    expect(svc.get().storage.kind).toBe("s3");
    const a = await signup();
    const s = await opened(a.secretKey);
    const url = new URL(s.config.upload.url);
    expect(url.origin).toBe(svc.bucket().endpoint);
    expect(url.pathname).toBe(`/${svc.bucket().bucket}/uploads/${s.id}.pdf`);
    expect(url.searchParams.get("X-Amz-SignedHeaders")).toContain("content-type");
    expect(s.config.upload.max_bytes).toBe(MAX);
    expect((await putS3(s.config.upload.url, pdfBytes(2500))).status).toBe(200);
    const res = await complete(s.client_token);
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ bytes: 2500, page_count: 1, content_type: "application/pdf" });
    expect(await balanceOf(svc.get().db, a.tenant.id)).toBe(249);
    const file = await call("GET", res.body.result.url.replace("http://localhost:3000", ""));
    expect(file.status).toBe(302);
    const location = file.headers.get("location")!;
    // The delivered document is a copy under files/, which no upload URL can write.
    expect(location.startsWith(`${svc.bucket().endpoint}/${svc.bucket().bucket}/files/${s.id}-`)).toBe(true);
    const body = await fetch(location);
    expect(body.status).toBe(200);
    expect(Buffer.from(await body.arrayBuffer()).equals(pdfBytes(2500))).toBe(true);
  });

  it("exactly max_bytes is accepted; the one-step upload also stores in the bucket", async () => {
    const a = await signup();
    const s = await opened(a.secretKey);
    await putS3(s.config.upload.url, pdfBytes(MAX));
    expect((await complete(s.client_token)).body.result.bytes).toBe(MAX);
    const s2 = await createSessionWith(a.secretKey);
    const up = await uploadJson(s2.client_token, pdfBytes(1000));
    expect(up.status).toBe(200);
    const file = await call("GET", up.body.result.url.replace("http://localhost:3000", ""));
    expect(file.status).toBe(302);
    expect((await (await fetch(file.headers.get("location")!)).arrayBuffer()).byteLength).toBe(1000);
  });
});

describe("errors", () => {
  it("an object over max_bytes is deleted and refused with 413; nothing debited", async () => {
    const a = await signup();
    const s = await opened(a.secretKey);
    expect((await putS3(s.config.upload.url, pdfBytes(MAX + 1))).status).toBe(200);
    const res = await complete(s.client_token);
    expect(res.status).toBe(413);
    expect(res.body.error).toBe("file_too_large");
    expect(await svc.get().storage.stat(`uploads/${s.id}.pdf`)).toBeNull();
    expect((await complete(s.client_token)).body.error).toBe("upload_not_found");
    expect(await balanceOf(svc.get().db, a.tenant.id)).toBe(250);
  });

  it("a non-PDF object is deleted and refused with 400 invalid_file; an empty one with 400 empty_file", async () => {
    const a = await signup();
    const s = await opened(a.secretKey);
    await putS3(s.config.upload.url, Buffer.from("not a pdf at all"));
    const res = await complete(s.client_token);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("invalid_file");
    expect(await svc.get().storage.stat(`uploads/${s.id}.pdf`)).toBeNull();
    await putS3(s.config.upload.url, Buffer.alloc(0));
    expect((await complete(s.client_token)).body.error).toBe("empty_file");
  });

  it("409 upload_not_found when nothing was put", async () => {
    const a = await signup();
    const s = await opened(a.secretKey);
    const res = await complete(s.client_token);
    expect(res.status).toBe(409);
    expect(res.body.error).toBe("upload_not_found");
  });
});

describe("security", () => {
  it("a PUT to the upload URL after completion cannot change the delivered document; the cron deletes the stray object", async () => {
    const a = await signup();
    const s = await opened(a.secretKey);
    expect((await putS3(s.config.upload.url, pdfBytes(1500))).status).toBe(200);
    const res = await complete(s.client_token);
    expect(res.status).toBe(200);
    // S3 honours the presigned PUT until it expires: the object at the upload key changes...
    expect((await putS3(s.config.upload.url, pdfBytes(MAX + 5000))).status).toBe(200);
    // ...but the delivered document is a copy under its own key.
    const location = (await call("GET", res.body.result.url.replace("http://localhost:3000", ""))).headers.get("location")!;
    const body = Buffer.from(await (await fetch(location)).arrayBuffer());
    expect(body.equals(pdfBytes(1500))).toBe(true);
    expect(res.body.result.bytes).toBe(1500);
    await runScheduledWork({ ctx: contextFor(svc.get()) });
    expect(await svc.get().storage.stat(`uploads/${s.id}.pdf`)).toBeNull();
  });

  it("the presigned PUT is bound to its content type", async () => {
    const a = await signup();
    const s = await opened(a.secretKey);
    expect((await putS3(s.config.upload.url, pdfBytes(), "text/html")).status).toBe(403);
    expect((await complete(s.client_token)).body.error).toBe("upload_not_found");
  });

  it("parallel completes on S3: exactly one success", async () => {
    const a = await signup();
    const s = await opened(a.secretKey);
    await putS3(s.config.upload.url, pdfBytes(2000));
    const results = await Promise.all(Array.from({ length: 30 }, () => complete(s.client_token)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(29);
    expect(await balanceOf(svc.get().db, a.tenant.id)).toBe(249);
  });
});
