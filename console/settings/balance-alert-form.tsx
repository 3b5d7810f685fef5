"use client";

import { useState } from "react";
import { BalanceAlertInput } from "@/lib/credits/schemas";
import { api } from "../api";
import type { BalanceAlert } from "../types";
import { ActionForm } from "../ui/action-form";
import { TextField } from "../ui/field";
import { useFormAction } from "../use-form-action";

/** The balance at or below which every console page shows a warning; 0 turns it off. */
export function BalanceAlertForm({ alert, onSaved }: { alert: BalanceAlert; onSaved: (a: BalanceAlert) => void }) {
  const [value, setValue] = useState(String(alert.low_balance_threshold));
  const [done, setDone] = useState<string | null>(null);
  const action = useFormAction();
  async function submit() {
    setDone(null);
    const body = { low_balance_threshold: value.trim() === "" ? Number.NaN : Number(value) };
    if (!action.check(BalanceAlertInput, body)) return;
    const saved = await action.run(() => api.put<BalanceAlert>("/v1/dashboard/alerts", body));
    if (!saved) return;
    onSaved(saved);
    setDone(saved.low_balance_threshold === 0 ? "Saved: no low-balance warning." : `Saved: a warning shows at ${saved.low_balance_threshold} credits or fewer.`);
  }
  return (
    <ActionForm row aria-label="Low-balance warning" action={action} onSubmit={submit} submitLabel="Save" busyLabel="Saving…" done={{ text: done, testId: "alert-result" }}>
      <TextField label="Warn at (credits)" type="number" inputMode="numeric" min={0} max={1000000} value={value} error={action.fieldErrors.low_balance_threshold} hint="0 turns the warning off." onChange={(e) => setValue(e.target.value)} />
    </ActionForm>
  );
}
