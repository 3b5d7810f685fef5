import type { EncodedImage, LiveDetection, Located, NormQuad, WarpedPage, WarpOptions, WorkerReply, WorkerRequest } from "./protocol";

type Pending = { resolve: (v: unknown) => void; reject: (e: Error) => void };
type Body = WorkerRequest extends infer R ? (R extends { id: number } ? Omit<R, "id"> : never) : never;
type LocalOps = import("../page/image-ops").ImageOps;

/**
 * The main thread's handle on the detector. The worker (and with it the detector
 * code, a separate hashed chunk from our own origin, cached immutably) is only
 * fetched when `load()` is called: on the hosted page as soon as its code runs,
 * beside the session's config request and the camera (scanner/ui/early-start.ts).
 * Without a usable worker or OffscreenCanvas the same operations run on the
 * main thread.
 */
export class ScanEngine {
  private worker: Worker | null = null;
  private local: LocalOps | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private loading: Promise<void> | null = null;
  private progress = 0;
  private readonly watchers = new Set<(pct: number) => void>();

  /**
   * Loads the detector; `onProgress` gets 0..100, at once with where loading is, then as it
   * goes. Safe to call more than once: loading starts at the first call (which may come before
   * anyone watches, as the page's early start does) and every later caller joins it.
   */
  load(onProgress?: (pct: number) => void): Promise<void> {
    if (onProgress) {
      this.watchers.add(onProgress);
      onProgress(this.progress);
    }
    this.loading ??= this.start((pct) => {
      this.progress = pct;
      for (const watch of this.watchers) watch(pct);
    });
    return this.loading;
  }

  private async start(onProgress: (pct: number) => void): Promise<void> {
    onProgress(5);
    try {
      this.worker = new Worker(new URL("./detector.worker.ts", import.meta.url), { type: "module", name: "docscan-detector" });
      this.worker.onmessage = (e: MessageEvent<WorkerReply>) => this.settle(e.data);
      this.worker.onerror = () => this.failAll(new Error("detector worker failed"));
      onProgress(40);
      await this.call({ op: "warmup" });
    } catch {
      this.worker?.terminate();
      this.worker = null;
      const [{ ImageOps }, { domSurface }] = await Promise.all([import("../page/image-ops"), import("./surface")]);
      this.local = new ImageOps(domSurface);
    }
    onProgress(100);
  }

  /** True when detection runs in the worker (reported in the docs and tests). */
  get offMainThread(): boolean {
    return this.worker !== null;
  }

  /** One live frame, and the focus of `patch` (a full-resolution cut of the page) when given. */
  detect(image: ImageBitmap, patch?: ImageBitmap): Promise<LiveDetection> {
    if (this.local) return Promise.resolve(this.local.detectLive(image, patch));
    return this.call({ op: "detect", image, patch }, patch ? [image, patch] : [image]) as Promise<LiveDetection>;
  }

  resetTracker(): void {
    if (this.local) this.local.resetTracker();
    else if (this.worker) void this.call({ op: "reset" });
  }

  encode(image: ImageBitmap): Promise<EncodedImage> {
    if (this.local) return this.local.encodeSource(image);
    return this.call({ op: "encode", image }, [image]) as Promise<EncodedImage>;
  }

  locate(blob: Blob): Promise<Located | null> {
    if (this.local) return this.local.locate(blob);
    return this.call({ op: "locate", blob }) as Promise<Located | null>;
  }

  warp(blob: Blob, corners: NormQuad, options: WarpOptions): Promise<WarpedPage> {
    if (this.local) return this.local.warp(blob, corners, options);
    return this.call({ op: "warp", blob, corners, options }) as Promise<WarpedPage>;
  }

  dispose(): void {
    this.watchers.clear();
    this.worker?.terminate();
    this.worker = null;
    this.failAll(new Error("engine disposed"));
  }

  private call(body: Body, transfer: Transferable[] = []): Promise<unknown> {
    const worker = this.worker;
    if (!worker) return Promise.reject(new Error("detector not loaded"));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ ...body, id } as WorkerRequest, transfer);
    });
  }

  private settle(reply: WorkerReply): void {
    const p = this.pending.get(reply.id);
    if (!p) return;
    this.pending.delete(reply.id);
    if (reply.ok) p.resolve(reply.value);
    else p.reject(new Error(reply.error));
  }

  private failAll(err: Error): void {
    for (const p of this.pending.values()) p.reject(err);
    this.pending.clear();
  }
}
