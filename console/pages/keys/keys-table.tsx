"use client";

import { DataTable, type Column } from "../../ui/data-table";
import { useState } from "react";
import { api } from "../../api";
import { formatDateTime } from "../../format";
import type { ApiKey } from "../../types";
import { useFormAction } from "../../use-form-action";
import { Button } from "../../ui/button";
import { ConfirmDialog } from "../../ui/confirm-dialog";
import { CopyButton } from "../../ui/copy-button";
import { Notice } from "../../ui/notice";

/** How a key is named in sentences: its name, or its display value when it has none. */
export const keyLabel = (k: ApiKey): string => (k.name ? `“${k.name}”` : k.display);

interface KeysTableProps {
  keys: ApiKey[];
  /** The sign-up secret key, whose value is shown only once, right after sign-up. */
  signupKeyId: string | null;
  onRevoked: (key: ApiKey) => void;
  onCopiedPublishable: () => void;
}

/** Every key, revoked ones included (muted and marked); publishable keys copy in full, any active key revokes. */
export function KeysTable({ keys, signupKeyId, onRevoked, onCopiedPublishable }: KeysTableProps) {
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const action = useFormAction();

  async function revoke() {
    if (!revoking) return;
    const answer = await action.run(() => api.delete<{ key: ApiKey }>(`/v1/dashboard/keys/${encodeURIComponent(revoking.id)}`));
    setRevoking(null);
    if (answer) onRevoked(answer.key);
  }

  const columns: Column<ApiKey>[] = [
    {
      label: "Key",
      cell: (k) => (
        <>
          <span className="c-key-name">{k.name ?? "Unnamed key"}</span>
          <code className="c-key-display">{k.display}</code>
          {k.id === signupKeyId && <span className="c-cell-note">Created at sign-up; its value was shown once, after sign-up.</span>}
        </>
      ),
    },
    {
      label: "Type",
      cell: (k) => (
        <>
          {k.kind === "secret" ? "Secret" : "Publishable"} <span className={k.mode === "live" ? "c-badge c-badge--accent" : "c-badge"}>{k.mode === "live" ? "Live" : "Test"}</span>
        </>
      ),
    },
    { label: "Created", className: "c-date-wrap", cell: (k) => formatDateTime(k.created_at) },
    { label: "Last used", className: "c-date-wrap", cell: (k) => (k.last_used_at ? formatDateTime(k.last_used_at) : "Never") },
    {
      label: "Status",
      cell: (k) => (k.revoked_at ? <span className="c-badge c-badge--danger">Revoked {formatDateTime(k.revoked_at)}</span> : <span className="c-badge c-badge--success">Active</span>),
    },
    {
      label: "Actions",
      hideLabel: true,
      cell: (k) =>
        !k.revoked_at && (
          <div className="c-actions c-actions--stack">
            {k.kind === "publishable" && <CopyButton value={k.display} accessibleLabel={`Copy ${keyLabel(k)}`} onCopied={onCopiedPublishable} />}
            <Button variant="secondary" onClick={() => setRevoking(k)} aria-label={`Revoke ${keyLabel(k)}`}>
              Revoke
            </Button>
          </div>
        ),
    },
  ];

  return (
    <>
      <Notice tone="error">{action.problem}</Notice>
      <DataTable
        label="API keys"
        caption="API keys, newest first"
        captionHidden
        columns={columns}
        rows={keys}
        rowKey={(k) => k.id}
        rowAttrs={(k) => ({ "data-key-id": k.id, className: k.revoked_at ? "c-row--revoked" : undefined })}
        testId="keys-table"
      />
      <ConfirmDialog
        open={revoking !== null}
        title={revoking ? `Revoke ${keyLabel(revoking)}?` : "Revoke key?"}
        confirmLabel="Revoke key"
        busy={action.busy}
        onConfirm={revoke}
        onCancel={() => setRevoking(null)}
      >
        {revoking && (
          <p>
            <code>{revoking.display}</code> stops working at once: every call that uses it gets <code>401 invalid_api_key</code>
            {revoking.kind === "publishable" ? ", so pages that embed it can no longer open the scanner" : ", so servers that use it can no longer create sessions or read results"}.
            This cannot be undone; the key stays in the list, marked revoked.
          </p>
        )}
      </ConfirmDialog>
    </>
  );
}
