import { PDFDocument } from "pdf-lib";
import { afterEach, describe, expect, it } from "vitest";
import { ApiError } from "@/lib/errors";
import { forgetParsedDocuments, parsedDocument } from "@/lib/sessions/parsed-documents";

const onePage = async () => {
  const doc = await PDFDocument.create();
  doc.addPage([100, 100]);
  return doc.save();
};

/** A storage read that counts its calls and answers `bytes` (or throws it). */
function reader(bytes: Uint8Array | null | Error) {
  const read = async () => {
    read.calls++;
    if (bytes instanceof Error) throw bytes;
    return bytes;
  };
  read.calls = 0;
  return read;
}

afterEach(forgetParsedDocuments);

describe("parsed documents", () => {
  it("reads and parses a document once for all the pages asked at the same time", async () => {
    const read = reader(await onePage());
    const docs = await Promise.all(Array.from({ length: 12 }, () => parsedDocument("k", read)));
    expect(read.calls).toBe(1);
    expect(new Set(docs).size).toBe(1);
    expect(docs[0]!.getPageCount()).toBe(1);
    await parsedDocument("k", read);
    expect(read.calls).toBe(1);
  });

  it("reads again after a minute, and keeps only the two newest documents", async () => {
    const read = reader(await onePage());
    await parsedDocument("k", read, 0);
    await parsedDocument("k", read, 59_999);
    expect(read.calls).toBe(1);
    await parsedDocument("k", read, 60_000);
    expect(read.calls).toBe(2);
    await parsedDocument("a", read, 60_001);
    await parsedDocument("b", read, 60_002);
    await parsedDocument("k", read, 60_003);
    expect(read.calls).toBe(5);
  });

  it("keeps neither a failed read nor a missing object, so the next request tries again", async () => {
    const down = reader(new ApiError("service_unavailable"));
    await expect(parsedDocument("k", down)).rejects.toMatchObject({ code: "service_unavailable" });
    const gone = reader(null);
    expect(await parsedDocument("k", gone)).toBeNull();
    expect(await parsedDocument("k", gone)).toBeNull();
    expect(gone.calls).toBe(2);
  });

  it("opens two documents at once; a few more wait their turn, the rest are 503 with Retry-After", async () => {
    const bytes = await onePage();
    const gates: (() => void)[] = [];
    const slow = () => new Promise<Uint8Array>((resolve) => gates.push(() => resolve(bytes)));
    const asked = Array.from({ length: 20 }, (_, i) => parsedDocument(`doc-${i}`, slow).then(() => "ok", (err: ApiError) => err));
    await new Promise((r) => setTimeout(r, 10));
    expect(gates).toHaveLength(2);
    while (gates.length) {
      gates.shift()!();
      await new Promise((r) => setTimeout(r, 10));
    }
    const answers = await Promise.all(asked);
    expect(answers.filter((a) => a === "ok")).toHaveLength(18);
    const refused = answers.filter((a): a is ApiError => a instanceof ApiError);
    expect(refused).toHaveLength(2);
    expect(refused[0]).toMatchObject({ code: "service_unavailable" });
    expect(refused[0].headers).toMatchObject({ "Retry-After": "2" });
  });
});
