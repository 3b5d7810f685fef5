"use client";
import { useEffect, useState } from "react";
import { createHostBridge, type HostBridge } from "../bridge";
import { credentialFrom, fetchConfig, type ScannerConfig } from "../upload/config";
import { ScanFailure, type FailureKind } from "../upload/errors";
import { resolveSettings, type ScannerSettings } from "../settings";

export type SessionState =
  | { status: "loading" }
  | { status: "failed"; kind: FailureKind }
  | { status: "refused" }
  | { status: "ready"; cfg: ScannerConfig; settings: ScannerSettings; bridge: HostBridge };

/**
 * Loads the session from `?t=` or `?c=` (which opens it), then, when framed,
 * waits for the launcher's handshake before anything else is shown.
 */
export function useSession(): SessionState {
  const [state, setState] = useState<SessionState>({ status: "loading" });
  useEffect(() => {
    let live = true;
    void startSession().then((s) => live && setState(s));
    return () => {
      live = false;
    };
  }, []);
  return state;
}

let loading: Promise<SessionState> | null = null;

/**
 * Starts loading the session, once per page: called as the scanner's code runs (early-start.ts),
 * so the config request does not wait for React to hydrate, and again by `useSession`, which
 * joins it.
 */
export function startSession(): Promise<SessionState> {
  loading ??= loadSession();
  return loading;
}

async function loadSession(): Promise<SessionState> {
  const cred = credentialFrom(window.location.search);
  if (!cred) return { status: "failed", kind: "invalid" };
  try {
    const cfg = await fetchConfig(cred);
    const bridge = createHostBridge({ sessionId: cfg.session_id, allowedOrigins: cfg.allowed_origins ?? [] });
    if (!(await bridge.ready())) return { status: "refused" };
    bridge.post("ready", {});
    bridge.post("opened", {});
    return { status: "ready", cfg, settings: resolveSettings(cfg.scanner), bridge };
  } catch (err) {
    return { status: "failed", kind: err instanceof ScanFailure ? err.kind : "generic" };
  }
}
