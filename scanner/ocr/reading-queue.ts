import type { PageText } from "../contract";
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

const EMPTY = (status: "failed" | "timed_out"): PageReading => ({ text: { status, text: "", confidence: 0, truncated: false }, read: null });

/**
 * The pages waiting to be read, one at a time in capture order, while the person captures
 * the next. A page is read once per image: re-cropping it replaces its job; deleting it
 * drops the job. At send time `settle` waits for what is left only until a deadline: a page
 * not read by then goes without text, and its report says `timed_out`.
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
      () => this.finish(id, job, EMPTY("failed")),
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

  /** Each page's reading, in the order given, waiting at most `waitMs` for those still being read. */
  async settle(pages: { id: string; page: Blob }[], waitMs: number): Promise<PageReading[]> {
    for (const p of pages) this.add(p.id, p.page);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline = new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs)));
    await Promise.race([deadline, Promise.allSettled(pages.map((p) => this.jobs.get(p.id)!.result))]);
    clearTimeout(timer);
    // Let the handlers of results that arrived with the deadline run first.
    await Promise.resolve();
    return pages.map((p) => this.jobs.get(p.id)?.settled ?? EMPTY("timed_out"));
  }

  private finish(id: string, job: Job, reading: PageReading): void {
    job.settled = reading;
    if (this.jobs.get(id) === job) this.onChange();
  }
}
