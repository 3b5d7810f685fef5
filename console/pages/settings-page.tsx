"use client";

import { useState } from "react";
import { useAccount } from "../account";
import { applyTheme } from "../theme";
import { api, ConsoleApiError } from "../api";
import { describeError } from "../messages";
import type { Account, ThemeMode } from "../types";
import { BalanceAlertForm } from "../settings/balance-alert-form";
import { DeleteAccount } from "../settings/delete-account";
import { PasswordForm } from "../settings/password-form";
import type { BalanceAlert, RetentionPolicy } from "../types";
import { RetentionForm } from "../settings/retention-form";
import { Card, Loading, PageHeader } from "../ui/layout-parts";
import { useApiData } from "../use-api-data";
import { Notice } from "../ui/notice";

const THEME_CHOICES: { value: ThemeMode; label: string; hint: string }[] = [
  { value: "light", label: "Light", hint: "Dark text on light backgrounds." },
  { value: "dark", label: "Dark", hint: "Light text on dark backgrounds." },
  { value: "auto", label: "Match my device", hint: "Follows your system's light or dark setting." },
];

/** Theme (saved to the account), account details, password, the low-balance warning, the retention policy, and account deletion. */
export function SettingsPage() {
  const { account, setAccount } = useAccount();
  const alert = useApiData<BalanceAlert>("/v1/dashboard/alerts");
  const retention = useApiData<RetentionPolicy>("/v1/dashboard/retention");
  const [saving, setSaving] = useState<ThemeMode | null>(null);
  // The choice shows (and applies) at once; it falls back if the save fails.
  const [selected, setSelected] = useState<ThemeMode>(account.user.theme_mode);
  const [result, setResult] = useState<{ tone: "success" | "error"; text: string } | null>(null);

  async function chooseTheme(mode: ThemeMode) {
    setSaving(mode);
    setSelected(mode);
    applyTheme(mode);
    setResult(null);
    try {
      setAccount(await api.put<Account>("/v1/dashboard/settings", { theme_mode: mode }));
      setResult({ tone: "success", text: `Theme saved: ${THEME_CHOICES.find((c) => c.value === mode)?.label}.` });
    } catch (err) {
      setSelected(account.user.theme_mode);
      applyTheme(account.user.theme_mode);
      setResult({ tone: "error", text: `The theme was not saved. ${describeError(err as ConsoleApiError)}` });
    } finally {
      setSaving(null);
    }
  }

  const { user, tenant } = account;
  return (
    <>
      <PageHeader title="Settings" intro="How the console looks for you, and the details of your account." />
      <Card title="Appearance" titleId="appearance-title">
        <fieldset className="c-fieldset c-choices" aria-describedby="theme-help" aria-busy={saving !== null}>
          <legend>Theme</legend>
          <p id="theme-help" className="c-muted">
            Saved to your account, so it follows you to every browser you log in from.
          </p>
          {THEME_CHOICES.map((choice) => (
            <div key={choice.value} className="c-choice">
              <input
                type="radio"
                id={`theme-${choice.value}`}
                name="theme_mode"
                value={choice.value}
                checked={selected === choice.value}
                onChange={() => void chooseTheme(choice.value)}
                aria-describedby={`theme-${choice.value}-hint`}
              />
              <span>
                <label htmlFor={`theme-${choice.value}`}>{choice.label}</label>
                <span id={`theme-${choice.value}-hint`} className="c-muted">
                  {choice.hint}
                </span>
              </span>
              {saving === choice.value && <span className="c-spinner" role="img" aria-label="Saving" />}
            </div>
          ))}
        </fieldset>
        <Notice tone={result?.tone} testId="settings-result">
          {result?.text}
        </Notice>
      </Card>
      <Card title="Account" titleId="account-title">
        <dl className="c-details">
          <dt>Email</dt>
          <dd>{user.email}</dd>
          <dt>Your name</dt>
          <dd>{user.name ?? "—"}</dd>
          <dt>Account name</dt>
          <dd>{tenant.name}</dd>
          <dt>Account id</dt>
          <dd className="c-mono">{tenant.id}</dd>
          <dt>Plan</dt>
          <dd>{tenant.plan === "free" ? "Free (sign-up credits only)" : tenant.plan === "starter" ? "Starter (credits bought)" : tenant.plan}</dd>
        </dl>
        <p className="c-muted">You stay logged in for 7 days on this browser; logging out ends this browser&apos;s session only. Changing your email address is not available in the console yet.</p>
      </Card>
      <Card title="Password" titleId="password-title">
        <PasswordForm />
      </Card>
      <Card title="Low-balance warning" titleId="alert-title">
        <p className="c-muted">Every console page shows a warning when your balance is at or below this many credits.</p>
        {alert.data ? <BalanceAlertForm alert={alert.data} onSaved={alert.setData} /> : <Loading what="the warning" />}
      </Card>
      <Card title="Data retention" titleId="retention-title">
        <p className="c-muted">
          How long this account keeps scanned documents, and whether finished sessions are redacted automatically. Redacting removes a session&apos;s document, page pictures, metadata,
          page text and webhook payloads, and keeps its id, status, times and the credit it spent; any session can also be redacted from its page. The guide{" "}
          <a href="/docs/guides/data-protection">Data protection</a> lists everything stored, where and for how long.
        </p>
        {retention.data ? <RetentionForm policy={retention.data} onSaved={retention.setData} /> : <Loading what="the retention policy" />}
      </Card>
      <Card title="Delete account" titleId="delete-title">
        <DeleteAccount email={user.email} />
      </Card>
    </>
  );
}
