import { describe, expect, it } from "vitest";
import { BodyDeadline } from "@/lib/request-body/body-deadline";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A body that sends `chunks` chunks of `size` bytes, `everyMs` apart. */
function paced(chunks: number, size: number, everyMs: number): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    async pull(controller) {
      if (sent === chunks) return controller.close();
      await sleep(everyMs);
      sent++;
      controller.enqueue(new Uint8Array(size));
    },
  });
}

async function drain(body: BodyDeadline, pauseMs = 0): Promise<number> {
  let total = 0;
  for (;;) {
    const { done, value } = await body.read();
    if (done) return total;
    total += value.byteLength;
    if (pauseMs) await sleep(pauseMs);
  }
}

const RATE = { bytes: 100, windowMs: 200 };

describe("BodyDeadline's minimum rate", () => {
  it("cuts a body that drips below the rate though it is never silent for long", async () => {
    const started = Date.now();
    const error = await drain(new BodyDeadline(paced(1000, 1, 20), 1_000, RATE)).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "request_timeout", status: 408, message: expect.stringMatching(/too slowly/) });
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it("keeps a body that arrives at or above the rate", async () => {
    // Each chunk alone is over the window's bytes, so a slow timer on a loaded machine cannot fail it.
    expect(await drain(new BodyDeadline(paced(20, 110, 50), 1_000, RATE))).toBe(2200);
  });

  it("does not count the time the reader itself spends between reads", async () => {
    // All bytes are there at once; the reader takes 60 ms over each 10-byte chunk, which is
    // 10 bytes per 60 ms of wall time, far below the rate, yet the client kept nobody waiting.
    expect(await drain(new BodyDeadline(paced(12, 10, 0), 1_000, RATE), 60)).toBe(120);
  });

  it("without a rate, only silence cuts", async () => {
    expect(await drain(new BodyDeadline(paced(15, 1, 20), 1_000))).toBe(15);
    await expect(drain(new BodyDeadline(paced(3, 1, 300), 100))).rejects.toMatchObject({ code: "request_timeout" });
  });
});
