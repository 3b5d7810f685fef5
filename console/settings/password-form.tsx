"use client";

import { useState } from "react";
import { ChangePasswordInput } from "@/lib/accounts/schemas";
import { api } from "../api";
import { ActionForm } from "../ui/action-form";
import { TextField } from "../ui/field";
import { useFormAction } from "../use-form-action";

/** A new password, given the current one; every other browser's session then ends. */
export function PasswordForm() {
  const [values, setValues] = useState({ current_password: "", new_password: "" });
  const [done, setDone] = useState<string | null>(null);
  const action = useFormAction();
  async function submit() {
    setDone(null);
    if (!action.check(ChangePasswordInput, values)) return;
    const answer = await action.run(() => api.post<{ other_sessions_ended: number }>("/v1/dashboard/account/password", values));
    if (!answer) return;
    setValues({ current_password: "", new_password: "" });
    const n = answer.other_sessions_ended;
    setDone(`Password changed. ${n === 0 ? "No other browser was logged in." : `${n} other ${n === 1 ? "browser was" : "browsers were"} logged out.`}`);
  }
  return (
    <ActionForm row aria-label="Change password" action={action} onSubmit={submit} submitLabel="Change password" busyLabel="Changing…" done={{ text: done, testId: "password-result" }}>
      <TextField label="Current password" type="password" autoComplete="current-password" value={values.current_password} error={action.fieldErrors.current_password} onChange={(e) => setValues({ ...values, current_password: e.target.value })} />
      <TextField label="New password" type="password" autoComplete="new-password" value={values.new_password} error={action.fieldErrors.new_password} hint="At least 10 characters." onChange={(e) => setValues({ ...values, new_password: e.target.value })} />
    </ActionForm>
  );
}
