"use client";

import { useState } from "react";
import { CopyButton } from "../../ui/copy-button";

/** The receiver snippets of the guide "Receive webhooks" (docs/guides/receiving-webhooks.md), read by the page's server side. */
export interface WebhookSnippets {
  verify: string;
  express: string;
  nodeHttp: string;
  fetch: string;
  python: string;
}

const TABS = [
  { key: "express", label: "Express", file: "server.mjs" },
  { key: "nodeHttp", label: "Node http", file: "server.mjs" },
  { key: "fetch", label: "fetch handler (Next.js, Hono…)", file: "route.js" },
  { key: "python", label: "Python", file: "receiver.py" },
] as const;

/**
 * The receiver's check, pasteable as shown: a self-contained node:crypto verifier plus a
 * handler per framework (or the Python one, which carries its own), in tabs.
 */
export function VerifySnippet({ snippets }: { snippets: WebhookSnippets }) {
  const [tab, setTab] = useState<(typeof TABS)[number]["key"]>("express");
  const current = TABS.find((t) => t.key === tab)!;
  return (
    <div className="c-verify">
      <div role="group" aria-label="Receiver language" className="c-tabs">
        {TABS.map((t) => (
          <button key={t.key} type="button" className="c-tab" aria-pressed={t.key === tab} onClick={() => setTab(t.key)}>
            {t.label}
          </button>
        ))}
      </div>
      {tab !== "python" && (
        <>
          <p>
            Save as <code>verify-signature.mjs</code> (no dependencies, only <code>node:crypto</code>):
          </p>
          <pre id="verify-snippet" tabIndex={0} aria-label="verify-signature.mjs" className="c-snippet" data-snippet="verify-signature">
            {snippets.verify}
          </pre>
          <CopyButton value={snippets.verify} label="Copy verify-signature.mjs" fallbackTargetId="verify-snippet" />
        </>
      )}
      <p>
        Then <code>{current.file}</code>:
      </p>
      <pre id="handler-snippet" tabIndex={0} aria-label={`${current.label} receiver`} className="c-snippet" data-snippet={tab}>
        {snippets[tab]}
      </pre>
      <CopyButton value={snippets[tab]} label={`Copy ${current.file}`} fallbackTargetId="handler-snippet" />
    </div>
  );
}
