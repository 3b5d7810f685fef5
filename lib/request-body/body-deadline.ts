import { ApiError } from "../errors";

/** At least `bytes` in every `windowMs` spent waiting for the body. */
export interface MinRate {
  bytes: number;
  windowMs: number;
}

const TOO_SLOW = "The request body arrived too slowly; send it on a faster connection or retry.";

/**
 * A request body read under deadlines: each read must bring bytes within `idleMs` (silence
 * ends the request), an optional overall deadline bounds a phase of the read (a client that
 * drips one byte a second never gets there), and an optional minimum rate must be kept over
 * the time spent waiting for the client (time the consumer spends elsewhere, writing to
 * storage, say, is not the client's and does not count). Past any of them, the read fails with
 * `408 request_timeout` and the source is cancelled, so a stalled client frees what it holds.
 * `read()` serves readers that pull chunks; `stream()` the ones that take a stream.
 */
export class BodyDeadline {
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;
  private deadlineAt: number | null = null;
  /** The current rate window: time spent waiting in reads and the bytes they brought. */
  private waitedMs = 0;
  private windowBytes = 0;

  constructor(
    source: ReadableStream<Uint8Array>,
    private idleMs: number,
    private readonly minRate: MinRate | null = null,
  ) {
    this.reader = source.getReader();
  }

  /** Changes the allowed silence between chunks (a checked credential earns a longer one). */
  setIdle(ms: number): void {
    this.idleMs = ms;
  }

  /** Sets (a time in ms since the epoch) or clears (null) the overall deadline. */
  setDeadline(at: number | null): void {
    this.deadlineAt = at;
  }

  async read(): Promise<ReadableStreamReadResult<Uint8Array>> {
    const started = Date.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const expired = new Promise<never>((_, reject) => {
      const [wait, message] = this.allowedWait(started);
      timer = setTimeout(() => reject(new ApiError("request_timeout", message ? { message } : {})), Math.max(0, wait));
    });
    try {
      const result = await Promise.race([this.reader.read(), expired]);
      this.account(Date.now() - started, result.value?.byteLength ?? 0, result.done);
      return result;
    } catch (err) {
      if (err instanceof ApiError && err.code === "request_timeout") this.reader.cancel().catch(() => undefined);
      throw err;
    } finally {
      clearTimeout(timer);
    }
  }

  stream(): ReadableStream<Uint8Array> {
    return new ReadableStream({
      pull: async (controller) => {
        const { done, value } = await this.read();
        if (done) controller.close();
        else controller.enqueue(value);
      },
      cancel: async () => {
        await this.reader.cancel().catch(() => undefined);
      },
    });
  }

  /** How long this read may wait, and the message when that is the rate's limit. */
  private allowedWait(now: number): [number, string | null] {
    const wait = this.deadlineAt === null ? this.idleMs : Math.min(this.idleMs, this.deadlineAt - now);
    if (this.minRate && this.windowBytes < this.minRate.bytes) {
      const rest = this.minRate.windowMs - this.waitedMs;
      if (rest < wait) return [rest, TOO_SLOW];
    }
    return [wait, null];
  }

  /** Adds a read to the rate window; a full window that brought too little fails the body. */
  private account(waited: number, bytes: number, done: boolean): void {
    if (!this.minRate || done) return;
    this.waitedMs += waited;
    this.windowBytes += bytes;
    if (this.waitedMs < this.minRate.windowMs) return;
    if (this.windowBytes < this.minRate.bytes) {
      this.reader.cancel().catch(() => undefined);
      throw new ApiError("request_timeout", { message: TOO_SLOW });
    }
    this.waitedMs = 0;
    this.windowBytes = 0;
  }
}
