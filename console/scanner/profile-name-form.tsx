"use client";

import { useState, type FormEvent } from "react";
import { CreateProfileInput } from "@/lib/profiles/schemas";
import type { FieldErrors } from "../api";
import { Button } from "../ui/button";
import { TextField } from "../ui/field";
import { validateWith } from "../validate";

interface ProfileNameFormProps {
  label: string;
  hint?: string;
  initial?: string;
  submitLabel: string;
  busyLabel: string;
  /** Resolves to the problems to show (`fields.name`), or null when the name was taken. */
  onSubmit: (name: string) => Promise<FieldErrors | null>;
  onCancel?: () => void;
}

/** A profile name, checked with the API's own rule, for creating and renaming alike. */
export function ProfileNameForm({ label, hint, initial = "", submitLabel, busyLabel, onSubmit, onCancel }: ProfileNameFormProps) {
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const invalid = validateWith(CreateProfileInput, { name });
    if (invalid) return fail(invalid);
    setBusy(true);
    const problems = await onSubmit(name.trim());
    setBusy(false);
    if (problems) return fail(problems);
    setError(undefined);
    if (!onCancel) setName("");
  }

  function fail(fields: FieldErrors) {
    setError(fields.name);
    if (fields.name) requestAnimationFrame(() => document.querySelector<HTMLElement>(".c-name-form [aria-invalid='true']")?.focus());
  }

  return (
    <form className="c-name-form" onSubmit={submit} noValidate>
      <TextField label={label} hint={hint} value={name} error={error} autoComplete="off" maxLength={120} autoFocus={Boolean(onCancel)} onChange={(e) => {
          setName(e.target.value);
          setError(undefined);
        }} />
      <div className="c-actions">
        <Button type="submit" variant={onCancel ? "primary" : "secondary"} busy={busy} busyLabel={busyLabel}>
          {submitLabel}
        </Button>
        {onCancel && (
          <Button variant="ghost" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}
