"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { MESSAGE_SOURCE, type InitMessage } from "@/scanner/bridge/messages";
import { api, ConsoleApiError } from "../api";
import { describeError } from "../messages";
import { Button } from "../ui/button";
import { Card } from "../ui/layout-parts";
import { Notice } from "../ui/notice";
import type { PreviewSession, ScannerProfile } from "./types";

const INIT_RETRY_MS = 250;
const HANDSHAKE_TIMEOUT_MS = 15_000;

type Status = "closed" | "opening" | "starting" | "ready" | "silent" | "failed";

const STATUS_TEXT: Partial<Record<Status, string>> = {
  opening: "Opening a preview session…",
  starting: "Starting the scanner…",
  ready: "The preview shows the saved settings of this profile.",
};

/**
 * The real hosted scanner in a phone-sized frame, on a preview session of the chosen profile.
 * The console plays the launcher's part: after each load of the frame it sends the `init`
 * handshake to the scanner's origin until the scanner answers (a framed scanner refuses to
 * run without it). Each open or refresh (`refreshKey`, bumped after a save) is a new session.
 */
export function ScannerPreview({ profile, refreshKey }: { profile: ScannerProfile; refreshKey: number }) {
  const [wanted, setWanted] = useState(false);
  const [status, setStatus] = useState<Status>("closed");
  const [session, setSession] = useState<PreviewSession | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  const request = useRef(0);

  const open = useCallback(async () => {
    const mine = ++request.current;
    setStatus("opening");
    setProblem(null);
    try {
      const next = await api.post<PreviewSession>("/v1/dashboard/scanner/preview-session", { scanner_id: profile.id });
      if (mine !== request.current) return;
      setSession(next);
      setStatus("starting");
    } catch (err) {
      if (mine !== request.current) return;
      const error = err instanceof ConsoleApiError ? err : new ConsoleApiError(0, "network", String(err));
      setSession(null);
      setStatus("failed");
      setProblem(describeError(error, { insufficient_credits: "The preview needs a balance of at least 1 credit (opening it costs nothing). Top up on the Credits page, then show the preview again." }));
    }
  }, [profile.id]);

  useEffect(() => {
    if (wanted) void open();
  }, [wanted, open, refreshKey]);

  useHandshake(frame, session, status === "starting", setStatus);

  const shown = wanted && session !== null;
  return (
    <Card title="Live preview" titleId="preview-title">
      <div className="c-preview__intro">
        <p className="c-muted c-small">
          The real scanner with the <strong>saved</strong> settings of “{profile.name}”, at phone size. It reloads after each save.
        </p>
        <p className="c-muted c-small">
          Each preview opens a test session: free, and it never completes unless someone scans a document in it (a completed scan uses one credit, like any session). Your browser may ask to use the camera.
        </p>
      </div>
      <div className="c-actions">
        {wanted ? (
          <Button variant="secondary" onClick={() => void open()} busy={status === "opening"} busyLabel="Opening…">
            Reload preview
          </Button>
        ) : (
          <Button variant="secondary" onClick={() => setWanted(true)}>
            Show preview
          </Button>
        )}
      </div>
      <Notice tone="error" testId="preview-problem">
        {problem ?? (status === "silent" ? "The scanner did not start in the preview. Reload the preview; if it stays blank, reload the page." : null)}
      </Notice>
      <Notice testId="preview-status">{wanted ? STATUS_TEXT[status] : null}</Notice>
      <div className="c-preview__device">
        {shown ? (
          <iframe
            key={session.id}
            ref={frame}
            className="c-preview__frame"
            src={session.scan_url}
            title={`Scanner preview: ${profile.name}`}
            allow="camera"
            data-session-id={session.id}
          />
        ) : (
          <p className="c-preview__placeholder c-muted">{wanted ? "Opening…" : "The preview appears here."}</p>
        )}
      </div>
    </Card>
  );
}

/** Sends `init` to the framed scanner until it answers with any message of its channel. */
function useHandshake(frame: React.RefObject<HTMLIFrameElement | null>, session: PreviewSession | null, active: boolean, setStatus: (s: Status) => void) {
  useEffect(() => {
    const el = frame.current;
    if (!active || !session || !el) return;
    const origin = new URL(session.scan_url, window.location.href).origin;
    const init: InitMessage = { source: MESSAGE_SOURCE, type: "init" };
    const send = () => el.contentWindow?.postMessage(init, origin);
    const retry = setInterval(send, INIT_RETRY_MS);
    const timeout = setTimeout(() => (clearInterval(retry), setStatus("silent")), HANDSHAKE_TIMEOUT_MS);
    const onMessage = (event: MessageEvent) => {
      if (event.source !== el.contentWindow || event.origin !== origin) return;
      if ((event.data as { source?: unknown } | null)?.source !== MESSAGE_SOURCE) return;
      clearInterval(retry);
      clearTimeout(timeout);
      setStatus("ready");
    };
    window.addEventListener("message", onMessage);
    return () => {
      clearInterval(retry);
      clearTimeout(timeout);
      window.removeEventListener("message", onMessage);
    };
  }, [frame, session, active, setStatus]);
}
