import { FILTERS, type Filter, type PageReport, type PageWarning } from "../contract";
import type { CaptureFacts } from "../page/report";
import type { NormQuad } from "../worker/protocol";
import type { EncodedPage } from "../page/encode";

/**
 * One captured page, as kept until the upload succeeds: the encoded page (`EncodedPage`'s
 * `format`, `mrc` and `pdfThumb`, its picture under `page`; `pdfThumb` is absent on pages of an
 * older scanner) with what made it and its report.
 */
export interface StoredPage extends Omit<EncodedPage, "blob"> {
  id: string;
  session: string;
  order: number;
  /** The full-resolution capture, kept so the corners can be moved again. */
  source: Blob;
  corners: NormQuad;
  /** The filter the person chose for this page. */
  filter: Filter;
  /**
   * The corrected page (JPEG, or a 1-bit PNG for `bw`) and its pixel size; for an `mrc` page
   * a small JPEG preview (the thumbnail), the page itself being its `mrc` layers.
   */
  page: Blob;
  /** With OCR, the filtered page as a lossless grey PNG: what text recognition reads (docs/ocr.md). */
  ocrImage?: Blob;
  width: number;
  height: number;
  /** Pixels per inch of the corrected page at its physical size. */
  dpi: number;
  /** The page's quality report, sent with the upload; absent on pages kept by an older scanner. */
  report?: PageReport;
  createdAt: number;
  /**
   * Set on a page kept but not yet made: `page` is the editor's preview, and this holds what
   * making it needs, so a reload in that second makes it again rather than losing it.
   */
  unmade?: UnmadePage;
}

/** What a kept page's full-resolution making needs beyond its source, corners and filter. */
export interface UnmadePage {
  /** The capture facts and the editor's opening corners, for the page report. */
  facts: CaptureFacts;
  openedCorners: NormQuad;
  /** The prompts the person kept the page despite. */
  warnings: PageWarning[];
}

/** A page as an older scanner wrote it: `enhance` where there is now `filter`, no format, dpi or report. */
type LegacyPage = Omit<StoredPage, "filter" | "format" | "dpi"> & { enhance?: boolean; filter?: Filter; format?: StoredPage["format"]; dpi?: number };

/**
 * A record as read back, whichever scanner version wrote it: a page without a `filter` gets
 * the session's default filter (its picture is what the old version made; re-opening it
 * straightens it again with that filter), a JPEG format and no dpi.
 */
export function readStoredPage(raw: StoredPage | LegacyPage, defaultFilter: Filter): StoredPage {
  const { enhance: _enhance, ...rest } = raw as LegacyPage;
  return {
    ...rest,
    filter: rest.filter && FILTERS.includes(rest.filter) ? rest.filter : defaultFilter,
    format: rest.format ?? "jpeg",
    dpi: rest.dpi ?? 0,
  };
}

const DB = "docscan-scanner";
const STORE = "pages";
/** Pages of sessions older than this are dropped at start (a session lives 15 minutes). */
const MAX_AGE_MS = 24 * 60 * 60 * 1000;

function req<T>(r: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error);
  });
}

/**
 * Captured pages in IndexedDB, so they survive a reload or a crashed tab until
 * the upload succeeds; cleared for the session after. Where IndexedDB is missing
 * (some private modes) pages live in memory only.
 */
export class PageStore {
  private memory = new Map<string, StoredPage>();
  private constructor(private readonly db: IDBDatabase | null) {}

  static async open(): Promise<PageStore> {
    try {
      const open = indexedDB.open(DB, 1);
      open.onupgradeneeded = () => open.result.createObjectStore(STORE, { keyPath: "id" }).createIndex("session", "session");
      const store = new PageStore(await req(open));
      await store.dropOlderThan(Date.now() - MAX_AGE_MS);
      return store;
    } catch {
      return new PageStore(null);
    }
  }

  /** The session's pages in order; records of an older scanner get `defaultFilter` (readStoredPage). */
  async list(session: string, defaultFilter: Filter = "auto"): Promise<StoredPage[]> {
    const all = this.db
      ? await req(this.tx("readonly").index("session").getAll(session) as IDBRequest<(StoredPage | LegacyPage)[]>)
      : [...this.memory.values()].filter((p) => p.session === session);
    return all.map((p) => readStoredPage(p, defaultFilter)).sort((a, b) => a.order - b.order);
  }

  async put(page: StoredPage): Promise<void> {
    if (this.db) await req(this.tx("readwrite").put(page));
    else this.memory.set(page.id, page);
  }

  async remove(id: string): Promise<void> {
    if (this.db) await req(this.tx("readwrite").delete(id));
    else this.memory.delete(id);
  }

  /** Frees every page of the session (after a successful upload). */
  async clear(session: string): Promise<void> {
    for (const p of await this.list(session)) await this.remove(p.id);
  }

  private async dropOlderThan(cutoff: number): Promise<void> {
    if (!this.db) return;
    const all = await req(this.tx("readonly").getAll() as IDBRequest<StoredPage[]>);
    for (const p of all) if (p.createdAt < cutoff) await this.remove(p.id);
  }

  private tx(mode: IDBTransactionMode): IDBObjectStore {
    return this.db!.transaction(STORE, mode).objectStore(STORE);
  }
}
