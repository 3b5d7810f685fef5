"use client";

import Link from "next/link";
import { useState, type ReactNode } from "react";
import { useAccount } from "../account";
import { isStepDone, markStepDone } from "../checklist";
import type { ApiKey, SessionSummary, WebhookConfig } from "../types";
import { CopyButton } from "../ui/copy-button";
import { DataGate, type DataGateState } from "../ui/data-gate";
import { Card } from "../ui/layout-parts";
import { useApiData } from "../use-api-data";
import { publishableTestKey, stepsDone, type StepId } from "./checklist-steps";

/**
 * The getting-started checklist, shown until every step is done. Each step is judged from
 * the API (origins, sessions, keys, webhook) except copying the publishable key, which only
 * this browser can know (console/checklist.ts).
 */
export function GettingStarted() {
  const { account } = useAccount();
  const keys = useApiData<{ keys: ApiKey[] }>("/v1/dashboard/keys");
  const webhook = useApiData<WebhookConfig>("/v1/dashboard/webhook");
  const sessions = useApiData<{ sessions: SessionSummary[] }>("/v1/dashboard/sessions?limit=1");
  const [copied, setCopied] = useState(() => isStepDone(account.tenant.id, "copied_publishable_key"));
  const reads: DataGateState<unknown>[] = [keys, webhook, sessions];
  const loading = reads.find((s) => s.data === null || s.error) ?? null;

  function markCopied() {
    markStepDone(account.tenant.id, "copied_publishable_key");
    setCopied(true);
  }

  if (loading) {
    return (
      <Card title="Get started" titleId="getting-started">
        <DataGate state={loading} what="your setup">
          {() => null}
        </DataGate>
      </Card>
    );
  }
  const keyList = keys.data?.keys ?? [];
  const done = stepsDone({ tenant: account.tenant, keys: keyList, webhookUrl: webhook.data?.url ?? "", hasSession: (sessions.data?.sessions.length ?? 0) > 0, copiedKey: copied });
  const count = Object.values(done).filter(Boolean).length;
  if (count === 5) return null;
  const pk = publishableTestKey(keyList);

  return (
    <Card title="Get started" titleId="getting-started">
      <p className="c-muted" data-testid="checklist-progress">
        {count} of 5 steps done. This list goes away when all five are.
      </p>
      <ol className="c-checklist" aria-labelledby="getting-started">
        <Step id="copy_key" done={done.copy_key} title="Copy your publishable key">
          {pk ? (
            <>
              <p>It goes in your web page, where the scanner opens. It is safe to show: it only works from your allowed origins.</p>
              <div className="c-keyline" onCopy={markCopied}>
                <code id="overview-pk" className="c-secret" data-testid="publishable-key">
                  {pk.display}
                </code>
                <span onClick={markCopied}>
                  <CopyButton value={pk.display} label="Copy key" fallbackTargetId="overview-pk" />
                </span>
              </div>
            </>
          ) : (
            <p>
              You have no active publishable test key. <Link href="/console/keys">Create one on the API keys page</Link>.
            </p>
          )}
        </Step>
        <Step id="origin" done={done.origin} title="Add your site's origin">
          <p>
            The scanner only opens from sites you allow. <Link href="/console/origins">Add an allowed origin</Link>.
          </p>
        </Step>
        <Step id="demo" done={done.demo} title="Try the demo">
          <p>
            Scan a page with your phone or a file to see a whole session. <a href="/demo">Open the demo</a>.
          </p>
        </Step>
        <Step id="secret_key" done={done.secret_key} title="Create a secret key for your server">
          <p>
            Your server creates sessions with a secret key: the one shown once after sign-up, or a new one. Done once your server has used one. <Link href="/console/keys">Create a secret key</Link>.
          </p>
        </Step>
        <Step id="webhook" done={done.webhook} title="Set a webhook URL">
          <p>
            Get told when a document is ready. <Link href="/console/webhooks">Set your webhook URL</Link>.
          </p>
        </Step>
      </ol>
    </Card>
  );
}

function Step({ id, done, title, children }: { id: StepId; done: boolean; title: string; children: ReactNode }) {
  return (
    <li className={done ? "c-checklist__step c-checklist__step--done" : "c-checklist__step"} data-testid={`step-${id}`} data-done={done}>
      <span className="c-checklist__mark" aria-hidden="true">
        {done ? "✓" : ""}
      </span>
      <div>
        <p className="c-checklist__title">
          {title} <span className={done ? "c-badge c-badge--success" : "c-badge"}>{done ? "Done" : "To do"}</span>
        </p>
        {children}
      </div>
    </li>
  );
}
