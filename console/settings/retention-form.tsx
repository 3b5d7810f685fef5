"use client";

import { useState } from "react";
import { api } from "../api";
import type { RetentionPolicy } from "../types";
import { ActionForm } from "../ui/action-form";
import { TextField } from "../ui/field";
import { useFormAction } from "../use-form-action";

const HOUR = 3600;
const hours = (seconds: number) => Math.round((seconds / HOUR) * 100) / 100;

/**
 * The account's retention policy: how long documents are kept (in hours here, seconds in the
 * API; empty: the longest the service allows) and after how many days finished sessions are
 * redacted (empty: never).
 */
export function RetentionForm({ policy, onSaved }: { policy: RetentionPolicy; onSaved: (p: RetentionPolicy) => void }) {
  const ceiling = hours(policy.document_retention_ceiling_seconds);
  const [keep, setKeep] = useState(policy.document_retention_seconds === null ? "" : String(hours(policy.document_retention_seconds)));
  const [days, setDays] = useState(policy.redact_after_days === null ? "" : String(policy.redact_after_days));
  const [done, setDone] = useState<string | null>(null);
  const [local, setLocal] = useState<Record<string, string>>({});
  const action = useFormAction();

  async function submit() {
    setDone(null);
    const problems: Record<string, string> = {};
    const keepHours = Number(keep);
    const afterDays = Number(days);
    if (keep.trim() !== "" && !(keepHours > 0 && keepHours <= ceiling)) problems.document_retention_seconds = `must be more than 0 and at most ${ceiling} hours, or empty`;
    if (days.trim() !== "" && !(Number.isInteger(afterDays) && afterDays >= 1 && afterDays <= 3650)) problems.redact_after_days = "must be a whole number of days from 1 to 3650, or empty";
    setLocal(problems);
    if (Object.keys(problems).length > 0) return;
    const body = {
      document_retention_seconds: keep.trim() === "" ? null : Math.max(60, Math.round(keepHours * HOUR)),
      redact_after_days: days.trim() === "" ? null : afterDays,
    };
    const saved = await action.run(() => api.put<RetentionPolicy>("/v1/dashboard/retention", body));
    if (!saved) return;
    onSaved(saved);
    setDone(
      `Saved: documents are kept ${saved.document_retention_seconds === null ? `${ceiling} hours (the longest allowed)` : `${hours(saved.document_retention_seconds)} hours`}; ` +
        (saved.redact_after_days === null ? "sessions are not redacted automatically." : `finished sessions are redacted after ${saved.redact_after_days} days.`),
    );
  }
  const error = (key: string) => local[key] ?? action.fieldErrors[key];
  return (
    <ActionForm aria-label="Retention policy" action={action} onSubmit={submit} submitLabel="Save policy" busyLabel="Saving…" done={{ text: done, testId: "retention-result" }}>
      <TextField
        label="Keep documents for (hours)"
        type="number"
        inputMode="decimal"
        min={0}
        max={ceiling}
        step="any"
        value={keep}
        error={error("document_retention_seconds")}
        hint={`Empty: ${ceiling} hours, the longest this service keeps a document. A shorter time also applies to documents already kept.`}
        onChange={(e) => setKeep(e.target.value)}
      />
      <TextField
        label="Redact finished sessions after (days)"
        type="number"
        inputMode="numeric"
        min={1}
        max={3650}
        value={days}
        error={error("redact_after_days")}
        hint="Empty: never. Removes metadata, page text and webhook payloads of sessions that finished this long ago; the session's id, status and times stay."
        onChange={(e) => setDays(e.target.value)}
      />
    </ActionForm>
  );
}
