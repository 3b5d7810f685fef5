"use client";

import { useState } from "react";
import { WEBHOOK_EVENTS } from "@/lib/webhooks/events";
import { UpdateWebhookInput } from "@/lib/webhooks/schemas";
import { api } from "../../api";
import type { WebhookConfig, WebhookDelivery } from "../../types";
import { useFormAction } from "../../use-form-action";
import { ActionForm } from "../../ui/action-form";
import { Button } from "../../ui/button";
import { TextField } from "../../ui/field";

const EVENT_HINTS: Record<string, string> = {
  "scan.completed": "a document was scanned and stored; carries a short-lived link to the PDF",
  "scan.failed": "a scan or its upload failed",
  "session.redacted": "a session's data was redacted (on request or by the retention policy)",
  "test.ping": "from the Send test ping button, which works whatever you tick here",
};

interface EndpointFormProps {
  config: WebhookConfig;
  onSaved: (config: WebhookConfig) => void;
  onPinged: (delivery: WebhookDelivery) => void;
  /**
   * Nobody has seen the signing secret yet: saving a URL first makes a fresh secret (the
   * rotation endpoint, which shows it once) and hands it here, so no delivery is ever signed
   * with a secret the owner has not been shown.
   */
  mintsFirstSecret: boolean;
  onSecretMinted: (secret: string) => void;
}

/** URL and events (`PUT /v1/dashboard/webhook`), checked with the API's schema; and the test ping. */
export function EndpointForm({ config, onSaved, onPinged, mintsFirstSecret, onSecretMinted }: EndpointFormProps) {
  const [url, setUrl] = useState(config.url);
  const [events, setEvents] = useState<string[]>(config.events);
  const [status, setStatus] = useState<string | null>(null);
  const save = useFormAction();
  const ping = useFormAction({ no_endpoint: "There is no webhook URL to send to yet. Enter your endpoint's URL above, save it, then send the test." });

  async function submit() {
    setStatus(null);
    const body = { url: url.trim(), events };
    if (!save.check(UpdateWebhookInput, body)) return;
    if (mintsFirstSecret && body.url !== "") {
      const minted = await save.run(() => api.post<{ secret: string }>("/v1/dashboard/webhook/rotate-secret"));
      if (!minted) return;
      onSecretMinted(minted.secret);
    }
    const saved = await save.run(() => api.put<WebhookConfig>("/v1/dashboard/webhook", body));
    if (!saved) return;
    setUrl(saved.url);
    setEvents(saved.events);
    onSaved(saved);
    setStatus(saved.url ? `Saved. Events (${saved.events.join(", ")}) are sent to ${saved.url}.` : "Saved. The webhook URL is cleared: no events will be sent.");
  }

  async function sendPing() {
    setStatus(null);
    const answer = await ping.run(() => api.post<{ delivery: WebhookDelivery }>("/v1/dashboard/webhook/test"));
    if (!answer) return;
    onPinged(answer.delivery);
    setStatus(`Test ping sent to ${answer.delivery.url}. Its result appears in the delivery log below.`);
  }

  const toggle = (name: string, on: boolean) => setEvents((list) => (on ? [...list.filter((e) => e !== name), name] : list.filter((e) => e !== name)));
  return (
    <ActionForm
      aria-labelledby="endpoint-title"
      action={{ busy: save.busy, problem: save.problem ?? ping.problem }}
      onSubmit={submit}
      submitLabel="Save"
      busyLabel="Saving…"
      done={{ text: status, testId: "webhook-status" }}
      buttons={
        <Button variant="secondary" onClick={sendPing} busy={ping.busy} busyLabel="Sending…">
          Send test ping
        </Button>
      }
    >
      <TextField
        label="Endpoint URL"
        name="url"
        type="url"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        value={url}
        onChange={(e) => setUrl(e.target.value)}
        error={save.fieldErrors.url}
        hint="An https URL on your server (http is allowed only for localhost while you develop). Leave it empty and save to stop all deliveries."
      />
      <fieldset className="c-fieldset" aria-describedby={save.fieldErrors.events ? "events-error" : undefined}>
        <legend>Events</legend>
        {WEBHOOK_EVENTS.map((name) => (
          <label key={name} className="c-check c-check--top">
            <input type="checkbox" name="events" value={name} checked={events.includes(name)} onChange={(e) => toggle(name, e.target.checked)} />
            <span>
              <code>{name}</code> <span className="c-muted">{EVENT_HINTS[name]}</span>
            </span>
          </label>
        ))}
        {save.fieldErrors.events && (
          <p id="events-error" className="c-field__error">
            Events {save.fieldErrors.events}
          </p>
        )}
        <p className="c-field__hint">Ticking none saves the default, scan.completed.</p>
      </fieldset>
    </ActionForm>
  );
}
