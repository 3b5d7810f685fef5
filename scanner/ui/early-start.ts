import { ScanEngine } from "../worker/client";
import { startSession } from "./use-session";

let early: ScanEngine | null = null;

/**
 * What the hosted page starts the moment its code runs, before React renders: the session's
 * config request and the detector worker, side by side. Started from React's first effects
 * instead, both waited for hydration, and the worker for the config as well; on a phone-speed
 * CPU that put the first outline after all of them (docs/scanner.md, "Start-up"). A session
 * that turns out expired has then fetched the worker's chunk for nothing, which is cached.
 */
export function startEarly(): void {
  if (typeof window === "undefined") return;
  void startSession();
  early ??= new ScanEngine();
  void early.load();
}

/** The detector engine the page started early, or a new one (a remount after it was disposed). */
export function takeEngine(): ScanEngine {
  const engine = early ?? new ScanEngine();
  early = null;
  return engine;
}
