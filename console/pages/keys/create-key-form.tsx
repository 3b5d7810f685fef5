"use client";

import { useEffect, useState } from "react";
import { CreateKeyInput, KEY_NAME_MAX } from "@/lib/keys/schemas";
import { api } from "../../api";
import type { ApiKey } from "../../types";
import { useFormAction } from "../../use-form-action";
import { ActionForm } from "../../ui/action-form";
import { SelectField, TextField } from "../../ui/field";

const KINDS = [
  { value: "secret", label: "Secret (sk_…): for your server" },
  { value: "publishable", label: "Publishable (pk_…): for your web pages" },
] as const;
export const CREATE_KEY_FORM_ID = "create-key";

const MODES = [
  { value: "test", label: "Test" },
  { value: "live", label: "Live" },
] as const;

interface CreateKeyFormProps {
  onCreated: (key: ApiKey, secret: string) => void;
  /** Bumped by "Create a secret key" elsewhere on the page: selects a secret test key and focuses the form. */
  presetSecret: number;
}

/** Name, kind and mode, checked with the API's own schema, then `POST /v1/dashboard/keys`. */
export function CreateKeyForm({ onCreated, presetSecret }: CreateKeyFormProps) {
  const [values, setValues] = useState({ name: "", kind: "secret", mode: "test" });
  const action = useFormAction();

  useEffect(() => {
    if (presetSecret === 0) return;
    setValues((v) => ({ ...v, kind: "secret", mode: "test" }));
    document.querySelector<HTMLInputElement>(`#${CREATE_KEY_FORM_ID} input[name="name"]`)?.focus();
  }, [presetSecret]);

  async function submit() {
    const body = { kind: values.kind, mode: values.mode, ...(values.name.trim() ? { name: values.name.trim() } : {}) };
    if (!action.check(CreateKeyInput, body)) return;
    const created = await action.run(() => api.post<{ key: ApiKey; secret: string }>("/v1/dashboard/keys", body));
    if (!created) return;
    setValues((v) => ({ ...v, name: "" }));
    onCreated(created.key, created.secret);
  }

  const set = (name: keyof typeof values) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value }));
  return (
    <ActionForm id={CREATE_KEY_FORM_ID} aria-label="Create a key" action={action} onSubmit={submit} submitLabel="Create key" busyLabel="Creating…">
      <TextField
        label="Name (optional)"
        name="name"
        autoComplete="off"
        value={values.name}
        onChange={set("name")}
        error={action.fieldErrors.name}
        hint={`Up to ${KEY_NAME_MAX} characters, so you can tell keys apart (for example "Production server").`}
      />
      <SelectField label="Kind" name="kind" value={values.kind} onChange={set("kind")} options={KINDS} error={action.fieldErrors.kind} />
      <SelectField
        label="Mode"
        name="mode"
        value={values.mode}
        onChange={set("mode")}
        options={MODES}
        error={action.fieldErrors.mode}
        hint="Test keys open test sessions and live keys live ones; each scanned document costs one credit either way."
      />
    </ActionForm>
  );
}
