"use client";

import { TableScroll } from "../../ui/table-scroll";
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
  /** The sign-up secret key, whose value was never shown. */
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

  return (
    <>
      <Notice tone="error">{action.problem}</Notice>
      <TableScroll label="API keys">
        <table className="c-table" data-testid="keys-table">
          <caption className="c-visually-hidden">API keys, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Key</th>
              <th scope="col">Type</th>
              <th scope="col">Created</th>
              <th scope="col">Last used</th>
              <th scope="col">Status</th>
              <th scope="col">
                <span className="c-visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {keys.map((k) => (
              <tr key={k.id} className={k.revoked_at ? "c-row--revoked" : undefined} data-key-id={k.id}>
                <td>
                  <span className="c-key-name">{k.name ?? "Unnamed key"}</span>
                  <code className="c-key-display">{k.display}</code>
                  {k.id === signupKeyId && <span className="c-cell-note">Created at sign-up; its value cannot be shown.</span>}
                </td>
                <td>
                  {k.kind === "secret" ? "Secret" : "Publishable"}{" "}
                  <span className={k.mode === "live" ? "c-badge c-badge--accent" : "c-badge"}>{k.mode === "live" ? "Live" : "Test"}</span>
                </td>
                <td className="c-nowrap">{formatDateTime(k.created_at)}</td>
                <td className="c-nowrap">{k.last_used_at ? formatDateTime(k.last_used_at) : "Never"}</td>
                <td>
                  {k.revoked_at ? (
                    <span className="c-badge c-badge--danger">Revoked {formatDateTime(k.revoked_at)}</span>
                  ) : (
                    <span className="c-badge c-badge--success">Active</span>
                  )}
                </td>
                <td>
                  {!k.revoked_at && (
                    <div className="c-actions c-actions--nowrap">
                      {k.kind === "publishable" && <CopyButton value={k.display} accessibleLabel={`Copy ${keyLabel(k)}`} onCopied={onCopiedPublishable} />}
                      <Button variant="secondary" onClick={() => setRevoking(k)} aria-label={`Revoke ${keyLabel(k)}`}>
                        Revoke
                      </Button>
                    </div>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
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
