"use client";

import { useState } from "react";
import { api } from "../api";
import { Button } from "../ui/button";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { TextField } from "../ui/field";
import { Notice } from "../ui/notice";
import { useFormAction } from "../use-form-action";

/** Closing the account, behind a dialog where the owner types their email address. */
export function DeleteAccount({ email }: { email: string }) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState("");
  const action = useFormAction();
  async function confirm() {
    const done = await action.run(() => api.delete("/v1/dashboard/account", { confirm: typed }));
    if (done) window.location.assign("/console/login?deleted=1");
  }
  return (
    <>
      <p>Revokes every API key at once, deletes all sessions, their documents and webhook deliveries, and your login. The credit ledger is kept as the record of what was bought and spent. This cannot be undone.</p>
      <Button variant="danger" onClick={() => setOpen(true)}>
        Delete account…
      </Button>
      <ConfirmDialog open={open} title="Delete this account?" confirmLabel="Delete account for good" busy={action.busy} onConfirm={() => void confirm()} onCancel={() => setOpen(false)}>
        <p>
          Type your email address, <strong>{email}</strong>, to confirm. Integrations using this account&apos;s keys stop working at once.
        </p>
        <TextField label="Your email address" type="email" autoComplete="off" value={typed} error={action.fieldErrors.confirm} onChange={(e) => setTyped(e.target.value)} />
        <Notice tone="error">{action.problem && Object.keys(action.fieldErrors).length === 0 ? action.problem : null}</Notice>
      </ConfirmDialog>
    </>
  );
}
