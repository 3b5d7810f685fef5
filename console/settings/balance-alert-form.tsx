"use client";

import { useState } from "react";
import { BalanceAlertInput } from "@/lib/credits/schemas";
import { api } from "../api";
import type { BalanceAlert } from "../types";
import { Button } from "../ui/button";
import { TextField } from "../ui/field";
import { FormRow } from "../ui/form-row";
import { Notice } from "../ui/notice";
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
    <>
      <FormRow label="Low-balance warning" onSubmit={() => void submit()}>
        <TextField label="Warn at (credits)" type="number" inputMode="numeric" min={0} max={1000000} value={value} error={action.fieldErrors.low_balance_threshold} hint="0 turns the warning off." onChange={(e) => setValue(e.target.value)} />
        <div className="c-actions">
          <Button type="submit" busy={action.busy} busyLabel="Saving…">
            Save
          </Button>
        </div>
      </FormRow>
      <Notice tone="error">{action.problem}</Notice>
      <Notice tone="success" testId="alert-result">
        {done}
      </Notice>
    </>
  );
}
