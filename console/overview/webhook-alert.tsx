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

function Alert({ health, linked }: { health: WebhookHealth | null; linked?: boolean }) {
  if (health?.state !== "failing") return null;
  return (
    <div className="c-notice c-notice--error" role="alert" data-testid="webhook-failing">
      <p className="c-notice__text">
        <strong>Your webhook endpoint is failing.</strong> Its latest answer{health.last_failure_at ? ` (${formatDateTime(health.last_failure_at)})` : ""}: <code className="c-break">{health.last_error}</code>.{" "}
        {health.pending > 0 && `${health.pending} ${health.pending === 1 ? "delivery is" : "deliveries are"} waiting for a retry. `}
        {health.failed_recent > 0 && `${health.failed_recent} recent ${health.failed_recent === 1 ? "delivery" : "deliveries"} failed all three attempts and can be replayed. `}
        {linked && <Link href="/console/webhooks">See the delivery log</Link>}
      </p>
    </div>
  );
}
