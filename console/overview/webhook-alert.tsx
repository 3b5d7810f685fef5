"use client";

import Link from "next/link";
import { formatDateTime } from "../format";
import type { WebhookHealth } from "../types";
import { useApiData } from "../use-api-data";

/**
 * A failing webhook endpoint, said out loud: its latest attempt was not a 2xx. Given `health`,
 * shows that; without it (the overview), reads it itself.
 */
export function WebhookAlert({ health }: { health?: WebhookHealth | null }) {
  if (health !== undefined) return <Alert health={health} />;
  return <SelfLoading />;
}

function SelfLoading() {
  const read = useApiData<WebhookHealth>("/v1/dashboard/webhook/health");
  return <Alert health={read.data} linked />;
}

/** ": the next attempt is due at 01:35 UTC (in 4 min)", or nothing when no time is known. */
function nextAttempt(at: string | null): string {
  if (!at) return "";
  const minutes = Math.ceil((Date.parse(at) - Date.now()) / 60_000);
  return `: the next attempt is due at ${formatDateTime(at)} (${minutes <= 0 ? "now" : `in ${minutes} min`})`;
}

function Alert({ health, linked }: { health: WebhookHealth | null; linked?: boolean }) {
  if (health?.state !== "failing") return null;
  return (
    <div className="c-notice c-notice--error" role="alert" data-testid="webhook-failing">
      <p className="c-notice__text">
        <strong>Your webhook endpoint is failing.</strong> Its latest answer{health.last_failure_at ? ` (${formatDateTime(health.last_failure_at)})` : ""}: <code className="c-break">{health.last_error}</code>.{" "}
        {health.pending > 0 && `${health.pending} ${health.pending === 1 ? "delivery is" : "deliveries are"} waiting for a retry${nextAttempt(health.next_attempt_at)}. `}
        {health.failed_recent > 0 && `${health.failed_recent} recent ${health.failed_recent === 1 ? "delivery" : "deliveries"} failed all three attempts and can be replayed. `}
        {linked && <Link href="/console/webhooks">See the delivery log</Link>}
      </p>
    </div>
  );
}
