import type { OcrStatus, PageText } from "../contract";
import { pageText, type PageRead } from "./page-words";

/** How one page's reading ended, as the PDF and the report need it. */
export type PageReading = { text: PageText; read: PageRead | null };

export interface PageReader {
  read(image: Blob): Promise<PageRead>;
}

interface Job {
  image: Blob;
  result: Promise<PageRead>;
  settled: PageReading | null;
}

export const unread = (status: Exclude<OcrStatus, "done">): PageReading => ({ text: { status, text: "", confidence: 0, truncated: false }, read: null });

/** How long `settle` waits, and what it tells while it does. */
export interface SettleOptions {
  /** The overall bound: pages still unread after it go without text as `timed_out`. */
  boundMs: number;
  /** Settles when the person chooses to send without waiting: pages still unread go as `skipped`. */
  skip?: Promise<void>;
  /** Called at once and after each page is read: how many of the pages sent are read. */
  onProgress?(read: number, total: number): void;
}

/**
 * The pages waiting to be read, one at a time in capture order, while the person captures
 * the next. A page is read once per image: re-cropping it replaces its job; deleting it
 * drops the job. At send time `settle` waits for what is left until every page is read,
 * the person chooses to send without the rest (`skipped`) or the overall bound runs out
 * (`timed_out`); a page is never dropped without its report saying which.
 */
export class ReadingQueue {
  private jobs = new Map<string, Job>();
  private tail: Promise<unknown> = Promise.resolve();

  constructor(private readonly reader: PageReader, private readonly onChange: () => void = () => undefined) {}

  /** Queues `image` for page `id`, unless this very image is already queued or read. */
  add(id: string, image: Blob): void {
    if (this.jobs.get(id)?.image === image) return;
    const result = this.tail.then(() => this.reader.read(image));
    this.tail = result.catch(() => undefined);
    const job: Job = { image, result, settled: null };
    this.jobs.set(id, job);
    result.then(
      (read) => this.finish(id, job, { text: pageText(read), read }),
      () => this.finish(id, job, unread("failed")),
    );
  }

  /** Forgets every page not in `ids` (deleted pages). */
  keep(ids: ReadonlySet<string>): void {
    for (const id of [...this.jobs.keys()]) if (!ids.has(id)) this.jobs.delete(id);
  }

  /** Pages queued and not read yet. */
  get pending(): number {
    return [...this.jobs.values()].filter((j) => !j.settled).length;
  }

  /** Whether this image of page `id` has been read (or has failed). */
  isSettled(id: string, image: Blob): boolean {
    const job = this.jobs.get(id);
    return !!job?.settled && job.image === image;
  }

  /** Each page's reading, in the order given, once all are read, the person skips the rest or the bound runs out. */
  async settle(pages: { id: string; page: Blob }[], { boundMs, skip, onProgress }: SettleOptions): Promise<PageReading[]> {
    for (const p of pages) this.add(p.id, p.page);
    const jobs = pages.map((p) => this.jobs.get(p.id)!);
    let told = -1;
    const report = () => {
      const read = jobs.filter((j) => j.settled).length;
      if (read !== told) onProgress?.((told = read), jobs.length);
    };
    report();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ended = await Promise.race([
      new Promise<"timed_out">((resolve) => (timer = setTimeout(() => resolve("timed_out"), boundMs))),
      ...(skip ? [skip.then(() => "skipped" as const)] : []),
      Promise.allSettled(jobs.map((j) => j.result.finally(report))).then(() => "read" as const),
    ]);
    clearTimeout(timer);
    // Let the handlers of results that arrived with the bound or the skip run first.
    await Promise.resolve();
    return jobs.map((j) => j.settled ?? unread(ended === "read" ? "failed" : ended));
  }

  private finish(id: string, job: Job, reading: PageReading): void {
    job.settled = reading;
    if (this.jobs.get(id) === job) this.onChange();
  }
}
