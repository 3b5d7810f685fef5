// Runs in the scanner's page before any of its scripts (Playwright's addInitScript) and notes, in
// milliseconds since navigation started, when each part of the scanner's start-up finished. It
// watches only what any build of the scanner does (the config request, the Worker, getUserMedia,
// the video, the overlay), so the same probe times an older build and a newer one.

/** The start-up parts, in the order the bench reports them. */
export const STARTUP_PARTS = {
  configAsked: "bundle loaded (config asked)",
  configLoaded: "session config loaded",
  workerCreated: "worker created",
  workerReady: "worker ready (first reply)",
  cameraAsked: "camera asked",
  cameraStream: "camera stream",
  cameraFrame: "first video frame",
  firstDetection: "first detection",
  firstOutline: "first outline drawn",
} as const;

export type StartupPart = keyof typeof STARTUP_PARTS;
export type StartupTimes = Partial<Record<StartupPart, number>>;

declare global {
  interface Window { __startup: StartupTimes }
}

/**
 * The init script itself, as the page's own JavaScript (a string: a compiled function would carry
 * the bundler's helpers, which the page does not have).
 */
export const STARTUP_PROBE = `(() => {
  const times = {};
  window.__startup = times;
  const mark = (part) => { if (!(part in times)) times[part] = performance.now(); };

  const pageFetch = window.fetch.bind(window);
  window.fetch = (input, init) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    if (!url.includes("/v1/scanner/config")) return pageFetch(input, init);
    mark("configAsked");
    return pageFetch(input, init).then((res) => (mark("configLoaded"), res));
  };

  const PageWorker = window.Worker;
  window.Worker = class extends PageWorker {
    constructor(url, options) {
      super(url, options);
      mark("workerCreated");
      // a detection answers with corners and a confidence; anything else first is the warm-up
      this.addEventListener("message", (e) => {
        const value = e.data && e.data.value;
        mark(value && typeof value === "object" && "confidence" in value ? "firstDetection" : "workerReady");
      });
    }
  };

  const media = navigator.mediaDevices;
  if (media && media.getUserMedia) {
    const ask = media.getUserMedia.bind(media);
    media.getUserMedia = (c) => {
      mark("cameraAsked");
      return ask(c).then((s) => (mark("cameraStream"), s));
    };
  }

  new MutationObserver(() => {
    const video = document.querySelector("video");
    if (video && !video.dataset.probed) {
      video.dataset.probed = "1";
      video.addEventListener("loadeddata", () => mark("cameraFrame"), { once: true });
    }
    if (!("firstOutline" in times) && document.querySelector(".ds-overlay polygon")) {
      // drawn: the frame after the outline entered the page
      requestAnimationFrame(() => mark("firstOutline"));
    }
  }).observe(document, { childList: true, subtree: true, attributes: true });
})();`;
