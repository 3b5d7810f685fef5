"use client";

import Link from "next/link";
import { useState } from "react";
import { DeliveriesLog } from "../pages/webhooks/deliveries-log";
import type { WebhookDelivery } from "../types";
import { Card, EmptyState } from "../ui/layout-parts";

/** The webhook deliveries of one session's events, with the same details and replay as the webhooks page. */
export function SessionDeliveries({ sessionId, initial }: { sessionId: string; initial: WebhookDelivery[] }) {
  const [deliveries, setDeliveries] = useState(initial);
  const [highlight, setHighlight] = useState<string | null>(null);
  return (
    <Card title="Webhook deliveries" titleId="deliveries">
      {deliveries.length === 0 ? (
        <EmptyState title="No deliveries for this session">
          Events are sent when a scan completes or fails and an endpoint is set on the <Link href="/console/webhooks">Webhooks</Link> page.
        </EmptyState>
      ) : (
        <DeliveriesLog
          deliveries={deliveries}
          highlightId={highlight}
          onReplayed={(d) => {
            setDeliveries([d, ...deliveries]);
            setHighlight(d.id);
          }}
        />
      )}
      <p className="c-muted">
        Session <code className="c-break">{sessionId}</code>: the newest 20 deliveries. The full log is on the <Link href="/console/webhooks">Webhooks</Link> page.
      </p>
    </Card>
  );
}
