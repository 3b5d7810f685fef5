import type { NormQuad } from "../worker/protocol";

/** One captured page, as kept until the upload succeeds. */
export interface StoredPage {
  id: string;
  session: string;
  order: number;
  /** The full-resolution capture, kept so the corners can be moved again. */
  source: Blob;
  corners: NormQuad;
  enhance: boolean;
  /** The corrected page JPEG and its pixel size. */
  page: Blob;
  width: number;
  height: number;
  createdAt: number;
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

  async list(session: string): Promise<StoredPage[]> {
    const all = this.db
      ? await req(this.tx("readonly").index("session").getAll(session) as IDBRequest<StoredPage[]>)
      : [...this.memory.values()].filter((p) => p.session === session);
    return all.sort((a, b) => a.order - b.order);
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
