import { describe, expect, it } from "vitest";
import { FAILURE_TEXT, ScanFailure, failureFromResponse, isRetryable } from "@/scanner/upload/errors";
import { ONE_STEP_MAX_BYTES, uploadPdf } from "@/scanner/upload/upload-pdf";
import type { HttpRequest } from "@/scanner/upload/http";
import type { ScannerConfig } from "@/scanner/upload/config";
import { PLATFORM_DEFAULTS, type PageReport } from "@/scanner/contract";
import { translator } from "@/scanner/i18n";

const cfg: ScannerConfig = {
  session_id: "sess_1",
  client_token: "tok",
  upload: { url: "https://store/put", content_type: "application/pdf", expires_at: "", max_bytes: 26214400 },
  complete_url: "https://api/v1/scanner/complete",
  upload_url: "https://api/v1/scanner/upload",
  scanner: PLATFORM_DEFAULTS,
};
const result = { url: "https://api/v1/files/f", page_count: 2, bytes: 10, content_type: "application/pdf", pages: [] };
const report = (filter: PageReport["filter"], warnings: PageReport["warnings"] = []): PageReport => ({
  filter, source: "camera", corners: "detected", confidence: 0.97, width: 1654, height: 2339, dpi: 200,
  sharpness: 0.6, glare: 0, brightness: 0.8, unevenness_before: 0.3, unevenness_after: 0.05, warnings,
});
const reports = [report("auto"), report("bw", ["blurry"])];
const pdf = (bytes: number) => new Blob([new Uint8Array(bytes)], { type: "application/pdf" });

function fakeTransport(answers: (Error | unknown)[]) {
  const calls: HttpRequest[] = [];
  const send = async (r: HttpRequest) => {
    calls.push(r);
    const a = answers.shift();
    if (a instanceof Error) throw a;
    return a;
  };
  const retries: number[] = [];
  return { calls, retries, hooks: { send, onProgress: () => {}, onRetry: (n: number) => retries.push(n), sleep: async () => {} } };
}

describe("failureFromResponse", () => {
  it("maps API errors to what the person can do", () => {
    expect(failureFromResponse(410, { error: "session_expired" }).kind).toBe("expired");
    expect(failureFromResponse(409, { error: "token_already_used" }).kind).toBe("used");
    expect(failureFromResponse(401, { error: "invalid_token" }).kind).toBe("invalid");
    expect(failureFromResponse(413, { error: "file_too_large" }).kind).toBe("too_large");
    expect(failureFromResponse(503, null).kind).toBe("network");
    expect(failureFromResponse(429, { error: "rate_limited" }).kind).toBe("network");
    expect(failureFromResponse(408, { error: "request_timeout" }).kind).toBe("network");
    expect(failureFromResponse(400, { error: "empty_file" }).kind).toBe("generic");
    expect(isRetryable(new ScanFailure("network"))).toBe(true);
    expect(isRetryable(new ScanFailure("expired"))).toBe(false);
  });

  it("words expired and used links as actions", () => {
    const t = translator("en");
    expect(t(FAILURE_TEXT.expired)).toMatch(/ask for a new link/i);
    expect(t(FAILURE_TEXT.used)).toMatch(/already sent/i);
  });
});

describe("uploadPdf", () => {
  it("sends a small PDF in one multipart POST with session, pages and file", async () => {
    const f = fakeTransport([{ status: "ok", result }]);
    await expect(uploadPdf(cfg, pdf(1000), 2, f.hooks)).resolves.toEqual(result);
    expect(f.calls).toHaveLength(1);
    const form = f.calls[0].body as FormData;
    expect([f.calls[0].method, f.calls[0].url]).toEqual(["POST", cfg.upload_url]);
    expect([form.get("session"), form.get("pages"), (form.get("file") as File).size]).toEqual(["tok", "2", 1000]);
  });

  it("uses PUT then complete above the one-step limit", async () => {
    const f = fakeTransport([null, { status: "ok", result }]);
    await uploadPdf(cfg, pdf(ONE_STEP_MAX_BYTES + 1), 3, f.hooks);
    expect(f.calls.map((c) => [c.method, c.url])).toEqual([["PUT", cfg.upload.url], ["POST", cfg.complete_url]]);
    expect(f.calls[0].headers).toEqual({ "content-type": "application/pdf" });
    expect(JSON.parse(f.calls[1].body as string)).toEqual({ session: "tok", pages: 3 });
  });

  it("sends the pages' reports in page order: a form field ahead of the file, or in the complete call", async () => {
    const one = fakeTransport([{ result }]);
    await uploadPdf(cfg, pdf(1000), 2, one.hooks, reports);
    const form = one.calls[0].body as FormData;
    expect(JSON.parse(form.get("report") as string)).toEqual(reports);
    expect([...form.keys()]).toEqual(["session", "pages", "report", "file"]);

    const two = fakeTransport([null, { result }]);
    await uploadPdf(cfg, pdf(ONE_STEP_MAX_BYTES + 1), 2, two.hooks, reports);
    expect(JSON.parse(two.calls[1].body as string)).toEqual({ session: "tok", pages: 2, report: reports });
  });

  it("leaves the report out unless there is one for every page", async () => {
    for (const sent of [[], [report("auto")]]) {
      const one = fakeTransport([{ result }]);
      await uploadPdf(cfg, pdf(1000), 2, one.hooks, sent);
      expect((one.calls[0].body as FormData).has("report")).toBe(false);
      const two = fakeTransport([null, { result }]);
      await uploadPdf(cfg, pdf(ONE_STEP_MAX_BYTES + 1), 2, two.hooks, sent);
      expect(JSON.parse(two.calls[1].body as string)).toEqual({ session: "tok", pages: 2 });
    }
  });

  it("retries network failures and 5xx, then succeeds", async () => {
    const f = fakeTransport([new ScanFailure("network"), failureFromResponse(502, null), { result }]);
    await expect(uploadPdf(cfg, pdf(10), 1, f.hooks)).resolves.toEqual(result);
    expect(f.retries).toEqual([1, 2]);
  });

  it("never retries a 410 or a 409, and gives up after the last backoff", async () => {
    for (const err of [failureFromResponse(410, { error: "session_expired" }), failureFromResponse(409, { error: "token_already_used" })]) {
      const f = fakeTransport([err, { result }]);
      await expect(uploadPdf(cfg, pdf(10), 1, f.hooks)).rejects.toBe(err);
      expect(f.calls).toHaveLength(1);
    }
    const down = fakeTransport(Array.from({ length: 10 }, () => new ScanFailure("network")));
    await expect(uploadPdf(cfg, pdf(10), 1, down.hooks)).rejects.toMatchObject({ kind: "network" });
    expect(down.calls).toHaveLength(5);
  });

  it("refuses a PDF above max_bytes before sending anything", async () => {
    const f = fakeTransport([]);
    await expect(uploadPdf({ ...cfg, upload: { ...cfg.upload, max_bytes: 5 } }, pdf(6), 1, f.hooks)).rejects.toMatchObject({ kind: "too_large" });
    expect(f.calls).toHaveLength(0);
  });
});
