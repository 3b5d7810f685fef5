// The bench's requests per second for a fixed number of requests (the upload cases): the rate must
// follow the time the requests took, not autocannon's one-second ticks.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatComparison, measure, startHttpServer } from "../../bench/http/harness";

const REQUESTS = 40;
const ANSWER_AFTER_MS = 25;

describe("measure with a fixed amount", () => {
  let server: Awaited<ReturnType<typeof startHttpServer>>;
  const seenAt: number[] = [];
  let lastAnswerAt = 0;

  beforeAll(async () => {
    server = await startHttpServer((_req, res) => {
      seenAt.push(performance.now());
      setTimeout(() => {
        lastAnswerAt = performance.now();
        res.end("ok");
      }, ANSWER_AFTER_MS);
    });
  });
  afterAll(() => server.close());

  it("divides by the time the requests took, as the server saw it", async () => {
    // One connection, one request at a time: over a second, between two of autocannon's ticks.
    const figures = await measure(10, { url: server.url, connections: 1, amount: REQUESTS });
    expect(figures.errors).toBe(0);
    expect(seenAt).toHaveLength(REQUESTS);
    // The server's own span, from the first request to the last answer.
    const serverRate = REQUESTS / ((lastAnswerAt - seenAt[0]) / 1000);
    // Rounded up to autocannon's next one-second tick, the rate read about two thirds of this.
    expect(figures.rps).toBeGreaterThan(0.8 * serverRate);
    expect(figures.rps).toBeLessThanOrEqual(1.01 * serverRate);
  });
});

describe("measure with a run's own duration", () => {
  it("loads for that many seconds instead of the bench's default (the warm-up runs)", async () => {
    const seenAt: number[] = [];
    const server = await startHttpServer((_req, res) => {
      seenAt.push(performance.now());
      res.end("ok");
    });
    try {
      const figures = await measure(30, { url: server.url, connections: 1, durationSec: 1 });
      expect(figures.errors).toBe(0);
      expect(seenAt.length).toBeGreaterThan(0);
      // A 1 s load against the default's 30 s: the span of requests tells which one ran (ignoring
      // the option, the test times out first).
      expect(seenAt.at(-1)! - seenAt[0]).toBeLessThan(10_000);
    } finally {
      await server.close();
    }
  });
});

describe("formatComparison", () => {
  const figures = (rps: number) => ({ rps, p50: 10, p99: 20, errors: 0 });

  it("prints each round's ratio and their median when the case kept them", () => {
    const lines = formatComparison("pg", { name: "status", subject: figures(900), baselineName: "bare", baseline: figures(1000), roundRatios: [0.9, 1.02, 0.875] });
    expect(lines).toContain("bench pg status req/s ratio of each round: 0.900, 1.020, 0.875 (median 0.900)");
  });

  it("prints no round line for a single measurement", () => {
    const lines = formatComparison("pg", { name: "status", subject: figures(900), baselineName: "bare", baseline: figures(1000) });
    expect(lines.some((l) => l.includes("each round"))).toBe(false);
    expect(lines[0]).toBe("bench pg status req/s: app 900, bare 1000, ratio 0.900");
  });
});
