"use client";

import { useState } from "react";
import { describeError } from "../messages";
import { WebhookAlert } from "../overview/webhook-alert";
import type { WebhookConfig, WebhookDelivery, WebhookHealth } from "../types";
import { useApiData } from "../use-api-data";
import { Button } from "../ui/button";
import { Card, EmptyState, Loading, PageHeader } from "../ui/layout-parts";
import { Notice } from "../ui/notice";
import { DeliveriesLog } from "./webhooks/deliveries-log";
import { EndpointForm } from "./webhooks/endpoint-form";
import { FirstSecret } from "./webhooks/first-secret";
import { SignatureHelp } from "./webhooks/signature-help";
import type { WebhookSnippets } from "./webhooks/verify-snippet";
import { SigningSecret } from "./webhooks/signing-secret";
import { usePendingPoll } from "./webhooks/use-pending-poll";

type Deliveries = { deliveries: WebhookDelivery[] };

/** Webhooks: endpoint and events, the signing secret, a test ping, and the delivery log with replay. */
export function WebhooksPage({ snippets }: { snippets: WebhookSnippets }) {
  const config = useApiData<WebhookConfig>("/v1/dashboard/webhook");
  const log = useApiData<Deliveries>("/v1/dashboard/webhook/deliveries");
  const [highlight, setHighlight] = useState<string | null>(null);
  const [logStatus, setLogStatus] = useState<string | null>(null);
  const [refreshing, setRefreshing] = useState(false);
  const health = useApiData<WebhookHealth>("/v1/dashboard/webhook/health");
  const [firstSecret, setFirstSecret] = useState<string | null>(null);
  const deliveries = log.data?.deliveries ?? [];
  const polling = usePendingPoll(deliveries, log.reload);

  function added(delivery: WebhookDelivery) {
    log.setData({ deliveries: [delivery, ...deliveries.filter((d) => d.id !== delivery.id)] });
    setHighlight(delivery.id);
    polling.restart();
    void health.reload();
  }

  return (
    <>
      <PageHeader title="Webhooks" intro="When a scan finishes, we POST a signed JSON event to your server. Set where it goes and which events to send, then check it with a test ping." />
      <WebhookAlert health={health.data} />
      {firstSecret && <FirstSecret secret={firstSecret} snippets={snippets} onDone={() => setFirstSecret(null)} />}
      <Card title="Endpoint" titleId="endpoint-title">
        {config.data && health.data ? (
          <EndpointForm
            config={config.data}
            mintsFirstSecret={!health.data.secret_shown && config.data.url === ""}
            onSecretMinted={(secret) => {
              setFirstSecret(secret);
              health.setData({ ...health.data!, secret_shown: true });
              void config.reload();
            }}
            onSaved={config.setData}
            onPinged={(d) => {
              setLogStatus(null);
              added(d);
            }}
          />
        ) : (
          <LoadState what="your webhook settings" error={config.error} reload={config.reload} />
        )}
      </Card>
      <Card title="Signing secret" titleId="secret-title">
        {config.data ? <SigningSecret masked={config.data.secret} onRotated={() => void config.reload()} /> : <LoadState what="the signing secret" error={config.error} reload={config.reload} />}
      </Card>
      <Card
        title="Delivery log"
        titleId="log-title"
        actions={
          <Button variant="ghost" onClick={() => (setRefreshing(true), void log.reload().finally(() => setRefreshing(false)))} busy={refreshing} busyLabel="Refreshing…">
            Refresh
          </Button>
        }
      >
        <Notice tone="success" testId="log-status">
          {logStatus}
        </Notice>
        {!log.data ? (
          <LoadState what="the delivery log" error={log.error} reload={log.reload} />
        ) : deliveries.length === 0 ? (
          <EmptyState title="No deliveries yet">Save an endpoint URL above and send a test ping; it shows up here, and so will every event we send.</EmptyState>
        ) : (
          <DeliveriesLog
            deliveries={deliveries}
            highlightId={highlight}
            onReplayed={(d, originalId) => {
              added(d);
              setLogStatus(`Replayed ${originalId} as a new delivery, ${d.id}, at the top of the log; its status updates here as it is sent.`);
            }}
          />
        )}
      </Card>
      <SignatureHelp snippets={snippets} />
    </>
  );
}

/** A card's first load: a spinner, or the error with a retry. */
function LoadState({ what, error, reload }: { what: string; error: ReturnType<typeof useApiData>["error"]; reload: () => Promise<void> }) {
  if (!error) return <Loading what={what} />;
  return (
    <>
      <Notice tone="error">{describeError(error)}</Notice>
      <Button variant="secondary" onClick={() => void reload()}>
        Try again
      </Button>
    </>
  );
}
