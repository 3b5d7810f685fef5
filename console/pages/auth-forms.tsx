"use client";

import Link from "next/link";
import { useRouter, useSearchParams } from "next/navigation";
import { useEffect, useState, type FormEvent } from "react";
import type { z } from "zod";
import { LoginInput, PASSWORD_MIN, SignupInput } from "@/lib/accounts/schemas";
import { api, ConsoleApiError, type FieldErrors } from "../api";
import { describeError } from "../messages";
import { safeReturnPath } from "../return-path";
import { Button } from "../ui/button";
import { TextField } from "../ui/field";
import { Notice } from "../ui/notice";
import { validateWith } from "../validate";
import { holdSignupSecret } from "../signup-secret";

export interface AuthField {
  name: string;
  label: string;
  type: "email" | "password" | "text";
  autoComplete: string;
  required?: boolean;
  hint?: string;
}

interface AuthFormProps {
  title: string;
  intro: string;
  endpoint: "/v1/auth/login" | "/v1/auth/signup";
  schema: z.ZodType;
  fields: readonly AuthField[];
  submitLabel: string;
  busyLabel: string;
  /** Plain words for the errors this form expects (`invalid_credentials`, `email_taken`). */
  messages: Record<string, string>;
  alternative: { text: string; href: string; label: string };
}

/**
 * Log-in and sign-up: checked in the browser with the API's own zod schema, then sent;
 * the API's `fields` land next to their inputs, other errors in words above the button.
 * On success the owner goes where they were heading (`?next=`), else to the overview.
 */
function AuthForm({ title, intro, endpoint, schema, fields, submitLabel, busyLabel, messages, alternative }: AuthFormProps) {
  const router = useRouter();
  const next = safeReturnPath(useSearchParams().get("next"));
  const [values, setValues] = useState<Record<string, string>>({});
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // Already signed in: skip the form.
  useEffect(() => {
    api.get("/v1/auth/me").then(() => router.replace(next), () => undefined);
  }, [router, next]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = Object.fromEntries(Object.entries(values).filter(([, v]) => v.trim() !== ""));
    const invalid = validateWith(schema, body);
    setFieldErrors(invalid ?? {});
    setProblem(invalid ? "Some fields need attention; see the messages next to them." : null);
    if (invalid) return focusFirstInvalid();
    setBusy(true);
    try {
      const answer = await api.post<{ secret_key?: string }>(endpoint, body);
      if (answer.secret_key) holdSignupSecret(answer.secret_key);
      router.replace(next);
    } catch (err) {
      const error = err instanceof ConsoleApiError ? err : new ConsoleApiError(0, "network", String(err));
      setFieldErrors(error.fields);
      setProblem(describeError(error, messages));
      setBusy(false);
      if (Object.keys(error.fields).length > 0) focusFirstInvalid();
    }
  }

  return (
    <main className="c-auth">
      <div className="c-auth__card">
        <Link href="/" className="c-auth__brand">
          docscan
        </Link>
        <h1>{title}</h1>
        <p className="c-muted">{intro}</p>
        <form className="c-form" onSubmit={submit} noValidate>
          {fields.map((f) => (
            <TextField
              key={f.name}
              label={f.label}
              name={f.name}
              type={f.type}
              autoComplete={f.autoComplete}
              required={f.required}
              hint={f.hint}
              value={values[f.name] ?? ""}
              error={fieldErrors[f.name]}
              onChange={(e) => setValues((v) => ({ ...v, [f.name]: e.target.value }))}
            />
          ))}
          <Notice tone="error" testId="auth-problem">
            {problem}
          </Notice>
          <Button type="submit" busy={busy} busyLabel={busyLabel}>
            {submitLabel}
          </Button>
        </form>
        <p>
          {alternative.text}{" "}
          <Link href={next === "/console" ? alternative.href : `${alternative.href}?next=${encodeURIComponent(next)}`}>{alternative.label}</Link>
        </p>
      </div>
    </main>
  );
}

function focusFirstInvalid() {
  requestAnimationFrame(() => document.querySelector<HTMLElement>("[aria-invalid='true']")?.focus());
}

export function LoginForm() {
  return (
    <AuthForm
      title="Log in"
      intro="Manage your API keys, allowed origins, credits, scanner look and webhooks."
      endpoint="/v1/auth/login"
      schema={LoginInput}
      fields={[
        { name: "email", label: "Email", type: "email", autoComplete: "username", required: true },
        { name: "password", label: "Password", type: "password", autoComplete: "current-password", required: true },
      ]}
      submitLabel="Log in"
      busyLabel="Logging in…"
      messages={{ invalid_credentials: "That email and password do not match an account. Check both and try again, or sign up." }}
      alternative={{ text: "New to docscan?", href: "/console/signup", label: "Create an account" }}
    />
  );
}

export function SignupForm() {
  return (
    <AuthForm
      title="Create your account"
      intro="Free to start: every account gets 250 credits, one per scanned document."
      endpoint="/v1/auth/signup"
      schema={SignupInput}
      fields={[
        { name: "email", label: "Email", type: "email", autoComplete: "email", required: true },
        { name: "password", label: "Password", type: "password", autoComplete: "new-password", required: true, hint: `At least ${PASSWORD_MIN} characters.` },
        { name: "name", label: "Your name (optional)", type: "text", autoComplete: "name" },
        { name: "company", label: "Company (optional)", type: "text", autoComplete: "organization", hint: "Becomes your account's name." },
      ]}
      submitLabel="Create account"
      busyLabel="Creating your account…"
      messages={{ email_taken: "An account with this email already exists. Log in instead, or use another email." }}
      alternative={{ text: "Already have an account?", href: "/console/login", label: "Log in" }}
    />
  );
}
