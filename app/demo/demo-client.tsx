"use client";

import { useEffect, useRef, useState } from "react";
import { createSession, getDocScan, type DocScanError, type ScanResult } from "./docscan";
import { EventLog, type LogEntry } from "./event-log";
import { KeyStep, SetupSteps } from "./setup-steps";
import { useConsoleAccount } from "./use-console-account";
import styles from "./demo.module.css";

type Mode = "modal" | "inline" | "qr";
const KEY_STORAGE = "docscan.demo.publishableKey";

/** The demo's state machine: one run at a time (create a session, launch, show the outcome). */
export function DemoClient() {
  const [key, setKey] = useState("");
  const [origin, setOrigin] = useState("");
  const [running, setRunning] = useState<Mode | null>(null);
  const [result, setResult] = useState<ScanResult | null>(null);
  const [log, setLog] = useState<LogEntry[]>([]);
  const inlineRef = useRef<HTMLDivElement>(null);
  const qrRef = useRef<HTMLDivElement>(null);
  const stopRef = useRef<(() => void) | null>(null);
  const account = useConsoleAccount(origin);

  useEffect(() => {
    setKey(localStorage.getItem(KEY_STORAGE) ?? "");
    setOrigin(window.location.origin);
  }, []);

  const note = (event: string, detail?: unknown) =>
    setLog((l) => [...l, { at: new Date().toLocaleTimeString(), event, detail: detail === undefined ? "" : JSON.stringify(detail) }]);
  const saveKey = (value: string) => {
    setKey(value);
    localStorage.setItem(KEY_STORAGE, value.trim());
  };
  const end = () => {
    stopRef.current?.();
    stopRef.current = null;
    setRunning(null);
  };
  const callbacks = {
    onComplete: (r: ScanResult) => (setResult(r), note("onComplete", r)),
    onError: (e: DocScanError) => note("onError", e),
  };

  async function run(mode: Mode) {
    const docscan = getDocScan();
    if (!docscan) return note("error", "launcher.js has not loaded yet");
    end();
    setResult(null);
    setRunning(mode);
    try {
      const session = await createSession(key.trim());
      note("session created", { id: session.id, expires_at: session.expires_at });
      if (mode === "qr") {
        const h = docscan.handoff({ ...callbacks, sessionId: session.id, clientToken: session.client_token, container: qrRef.current!, onStatus: (s) => note("status", s) });
        stopRef.current = () => h.stop();
      } else {
        const container = mode === "inline" ? inlineRef.current! : undefined;
        const h = docscan.open({ ...callbacks, scanUrl: session.scan_url, mode, container, onCancel: () => note("onCancel"), onClose: () => setRunning(null), onEvent: (m) => note(`message: ${m.type}`, m) });
        stopRef.current = () => h.close();
      }
    } catch (err) {
      note("session not created", { error: (err as { code?: string }).code, message: (err as Error).message });
      setRunning(null);
    }
  }

  const keyProblem = key.startsWith("sk_") ? "That is a secret key: never put it in a web page. Use a publishable key (pk_test_…)." : null;
  const disabled = !key.startsWith("pk_") || running !== null;
  return (
    <>
      <KeyStep value={key} onChange={saveKey} problem={keyProblem} account={account} />
      <SetupSteps origin={origin} account={account} />
      <section className={styles.card} aria-labelledby="run-title">
        <h2 id="run-title">3. Scan a document</h2>
        <div className={styles.actions}>
          <button type="button" onClick={() => run("modal")} disabled={disabled}>Scan (modal)</button>
          <button type="button" onClick={() => run("inline")} disabled={disabled}>Scan (inline)</button>
          <button type="button" onClick={() => run("qr")} disabled={disabled}>Continue on phone (QR)</button>
          {running && running !== "modal" && <button type="button" className={styles.secondary} onClick={end}>Stop</button>}
        </div>
        <div ref={inlineRef} className={running === "inline" ? styles.inline : undefined} data-testid="inline-container" />
        <div ref={qrRef} data-testid="qr-container" />
        {result && <ResultPanel result={result} />}
      </section>
      <EventLog entries={log} onClear={() => setLog([])} />
    </>
  );
}

function ResultPanel({ result }: { result: ScanResult }) {
  return (
    <div className={styles.result} data-testid="result" role="status">
      <h3>Document received</h3>
      <dl>
        <dt>Pages</dt>
        <dd data-testid="result-pages">{result.page_count}</dd>
        <dt>Size</dt>
        <dd data-testid="result-bytes">{result.bytes.toLocaleString("en")} bytes</dd>
      </dl>
      <a href={result.url} target="_blank" rel="noreferrer noopener">Open the PDF</a> (signed link, valid for an hour)
    </div>
  );
}
