import { ApiError } from "../errors";

/**
 * A request body read under deadlines: each read must bring bytes within `idleMs` (silence
 * ends the request), and an optional overall deadline bounds a phase of the read (a client
 * that drips one byte a second never gets there). Past either, the read fails with
 * `408 request_timeout` and the source is cancelled, so a stalled client frees what it holds.
 * `read()` serves readers that pull chunks; `stream()` the ones that take a stream.
 */
export class BodyDeadline {
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;
  private deadlineAt: number | null = null;

  constructor(
    source: ReadableStream<Uint8Array>,
    private idleMs: number,
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
    const wait = this.deadlineAt === null ? this.idleMs : Math.min(this.idleMs, this.deadlineAt - Date.now());
    let timer: ReturnType<typeof setTimeout> | undefined;
    const expired = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new ApiError("request_timeout")), Math.max(0, wait));
    });
    try {
      return await Promise.race([this.reader.read(), expired]);
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
}
