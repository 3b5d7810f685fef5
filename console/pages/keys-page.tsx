"use client";

import { useState } from "react";
import { useAccount } from "../account";
import { markStepDone } from "../checklist";
import type { ApiKey } from "../types";
import { useApiData } from "../use-api-data";
import { Button } from "../ui/button";
import { DataGate } from "../ui/data-gate";
import { Card, EmptyState, PageHeader } from "../ui/layout-parts";
import { Notice } from "../ui/notice";
import { SecretReveal } from "../ui/secret-reveal";
import { CREATE_KEY_FORM_ID, CreateKeyForm } from "./keys/create-key-form";
import { EmbedSnippet } from "./keys/embed-snippet";
import { keyLabel, KeysTable } from "./keys/keys-table";

/**
 * API keys: the list (revoked keys stay, marked), create, revoke. A new secret key is shown
 * once and kept only in this component's state, so it leaves the DOM with the page.
 */
export function KeysPage({ embed }: { embed: { template: string; placeholder: string } }) {
  const { account } = useAccount();
  const read = useApiData<{ keys: ApiKey[] }>("/v1/dashboard/keys");
  const { data, setData } = read;
  const [revealed, setRevealed] = useState<{ key: ApiKey; secret: string } | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [presetSecret, setPresetSecret] = useState(0);
  const keys = data?.keys ?? [];
  const signupKey = signupSecretKey(keys);
  const hasOwnSecret = keys.some((k) => k.kind === "secret" && !k.revoked_at && k.id !== signupKey?.id);

  function created(key: ApiKey, secret: string) {
    setData({ keys: [key, ...keys] });
    if (key.kind === "secret") {
      setStatus(null);
      setRevealed({ key, secret });
    } else {
      setStatus(`Created the publishable key ${keyLabel(key)}. It is in the list below; copy it from there whenever you need it.`);
    }
  }
  function revoked(key: ApiKey) {
    setData({ keys: keys.map((k) => (k.id === key.id ? key : k)) });
    if (revealed?.key.id === key.id) setRevealed(null);
    setStatus(`Revoked ${keyLabel(key)}. Any call that uses it now gets 401 invalid_api_key.`);
  }

  return (
    <>
      <PageHeader
        title="API keys"
        intro="Publishable keys (pk_…) open scanner sessions from your web pages, only on your allowed origins. Secret keys (sk_…) belong on your server: they create sessions and read results. Test keys open test sessions, live keys live ones."
        actions={<a className="c-btn c-btn--primary c-btn--link" href={`#${CREATE_KEY_FORM_ID}`}>Create a key</a>}
      />
      <Notice tone="success" testId="keys-status">
        {status}
      </Notice>
      {revealed && (
        <SecretReveal title={`Your new secret key ${keyLabel(revealed.key)}`} value={revealed.secret} copyLabel="Copy secret key" onDone={() => setRevealed(null)} testId="new-secret">
          Only a hash of this key is kept. Copy it now and store it where your server reads its settings (an environment variable such as <code>DOCSCAN_SECRET_KEY</code>). If you lose it, create another and revoke this one.
        </SecretReveal>
      )}
      {signupKey && !hasOwnSecret && !revealed && (
        <div className="c-notice c-notice--info" data-testid="signup-secret-note">
          <p className="c-notice__text">
            The secret key made when you signed up ({keyLabel(signupKey)}, <code>{signupKey.display}</code>) is shown only once, right after sign-up: only a hash of it is kept. If you did not store it, create a secret key now and copy it as it appears.
          </p>
          <Button onClick={() => setPresetSecret((n) => n + 1)}>Create a secret key</Button>
        </div>
      )}
      <Card title="Your keys" titleId="keys-list-title">
        <DataGate state={read} what="your API keys">
          {() =>
            keys.length === 0 ? (
              <EmptyState title="No API keys yet">Create a publishable key for your web pages and a secret key for your server with the form below.</EmptyState>
            ) : (
              <KeysTable keys={keys} signupKeyId={signupKey?.id ?? null} onRevoked={revoked} onCopiedPublishable={() => markStepDone(account.tenant.id, "copied_publishable_key")} />
            )
          }
        </DataGate>
      </Card>
      <Card title="Create a key" titleId="create-key-title">
        <CreateKeyForm onCreated={created} presetSecret={presetSecret} />
      </Card>
      {data && <EmbedSnippet template={embed.template} placeholder={embed.placeholder} keys={keys} />}
    </>
  );
}

/**
 * The secret key sign-up made: created in the same instant as the account's first keys
 * (one transaction), so it shares the oldest `created_at`. Its value is shown only once, right after sign-up.
 */
function signupSecretKey(keys: ApiKey[]): ApiKey | null {
  if (keys.length === 0) return null;
  const first = keys.reduce((a, b) => (a.created_at <= b.created_at ? a : b)).created_at;
  return keys.find((k) => k.kind === "secret" && k.created_at === first && !k.revoked_at) ?? null;
}
