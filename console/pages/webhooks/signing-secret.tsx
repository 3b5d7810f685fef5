"use client";

import { useState } from "react";
import { api } from "../../api";
import { useFormAction } from "../../use-form-action";
import { Button } from "../../ui/button";
import { ConfirmDialog } from "../../ui/confirm-dialog";
import { Notice } from "../../ui/notice";
import { SecretReveal } from "../../ui/secret-reveal";

/**
 * The signing secret, masked; rotation after a confirmation, then the full new value once.
 * The value lives only in this component's state and leaves with the page.
 */
export function SigningSecret({ masked, onRotated }: { masked: string; onRotated: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const rotate = useFormAction();

  async function confirmRotate() {
    const answer = await rotate.run(() => api.post<{ secret: string }>("/v1/dashboard/webhook/rotate-secret"));
    setConfirming(false);
    if (!answer) return;
    setSecret(answer.secret);
    onRotated();
  }

  return (
    <>
      <p className="c-muted">Every delivery is signed with this secret so your receiver can check it came from us. It is shown masked; rotating shows the new value once.</p>
      <code className="c-secret" data-testid="webhook-secret-masked">
        {masked}
      </code>
      <Notice tone="error">{rotate.problem}</Notice>
      {secret ? (
        <SecretReveal title="Your new signing secret" value={secret} copyLabel="Copy signing secret" onDone={() => setSecret(null)} testId="new-webhook-secret">
          Put it in your receiver&apos;s settings now: deliveries from now on are signed with it, and a receiver still checking the old secret rejects them.
        </SecretReveal>
      ) : (
        <Button variant="secondary" onClick={() => setConfirming(true)}>
          Rotate secret
        </Button>
      )}
      <ConfirmDialog open={confirming} title="Rotate the signing secret?" confirmLabel="Rotate secret" busy={rotate.busy} onConfirm={confirmRotate} onCancel={() => setConfirming(false)}>
        <p>
          Existing receivers must be updated with the new secret: every delivery from now on is signed with it, and a receiver that checks the old one will reject them. Retries already under way keep the old secret. The new secret is shown once.
        </p>
      </ConfirmDialog>
    </>
  );
}
