"use client";

import { useEffect, useState, type FormEvent } from "react";
import { ScannerSettingsSchema } from "@/lib/scanner-settings/schema";
import { api, ConsoleApiError, type FieldErrors } from "../api";
import { describeError } from "../messages";
import { Button } from "../ui/button";
import { Notice } from "../ui/notice";
import { validateWith } from "../validate";
import { draftFrom, isEmptyPatch, patchBetween, SETTING_KINDS, toSettings, type Draft, type SettingPath } from "./settings-draft";
import { plainWords } from "./plain-words";
import { SettingsFields } from "./settings-fields";
import type { ProfileUpdated, ScannerProfile } from "./types";

/** A result to announce: errors through an alert, the rest through a polite status. */
type Result = { tone: "success" | "info" | "error"; text: string } | null;

/**
 * Edits one profile's settings. The draft is checked with the API's own schema before
 * anything is sent, and only the changed paths go out as a patch; a field problem from
 * either side shows at its control and nothing is saved. Remount (key) per profile.
 */
export function SettingsEditor({ profile, onSaved, onDirty }: { profile: ScannerProfile; onSaved: (updated: ProfileUpdated) => void; onDirty: (dirty: boolean) => void }) {
  const [draft, setDraft] = useState<Draft>(() => draftFrom(profile.scanner));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [result, setResult] = useState<Result>(null);
  const [busy, setBusy] = useState(false);
  useUnsavedGuard(!isEmptyPatch(patchBetween(profile.scanner, toSettings(draft))), onDirty);

  function set(path: SettingPath, value: string | boolean) {
    setDraft((d) => ({ ...d, [path]: value }));
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    const next = toSettings(draft);
    const invalid = validateWith(ScannerSettingsSchema, next);
    if (invalid) return showProblems(invalid);
    const patch = patchBetween(profile.scanner, next);
    setErrors({});
    if (isEmptyPatch(patch)) return setResult({ tone: "info", text: "Nothing has changed since the last save." });
    setBusy(true);
    try {
      const updated = await api.put<ProfileUpdated>(`/v1/dashboard/scanner/profiles/${encodeURIComponent(profile.id)}`, { scanner: patch });
      setDraft(draftFrom(updated.profile.scanner));
      setResult({ tone: "success", text: `Saved “${updated.profile.name}”. New sessions on this profile use these settings.` });
      onSaved(updated);
    } catch (err) {
      const error = err instanceof ConsoleApiError ? err : new ConsoleApiError(0, "network", String(err));
      if (Object.keys(error.fields).length > 0) showProblems(error.fields);
      else setResult({ tone: "error", text: describeError(error) });
    } finally {
      setBusy(false);
    }
  }

  function showProblems(fields: FieldErrors) {
    const byPath: FieldErrors = {};
    const elsewhere: string[] = [];
    for (const [key, message] of Object.entries(fields)) {
      const path = key.replace(/^scanner\./, "");
      if (path in SETTING_KINDS) byPath[path] = plainWords(message);
      else elsewhere.push(`${path} ${message}`);
    }
    setErrors(byPath);
    const count = Object.keys(fields).length;
    const summary = `Nothing was saved: ${count} setting${count === 1 ? " needs" : "s need"} attention; see the message${count === 1 ? "" : "s"} next to ${count === 1 ? "it" : "them"}.`;
    setResult({ tone: "error", text: [summary, ...elsewhere].join(" ") });
    requestAnimationFrame(() => document.querySelector<HTMLElement>(".c-editor [aria-invalid='true']")?.focus());
  }

  function discard() {
    setDraft(draftFrom(profile.scanner));
    setErrors({});
    setResult({ tone: "info", text: "Changes discarded; the form shows the saved settings." });
  }

  return (
    <form className="c-form c-editor" onSubmit={save} noValidate aria-label={`Settings of ${profile.name}`}>
      <SettingsFields draft={draft} errors={errors} saved={profile.scanner} set={set} />
      <Notice tone="error" testId="editor-problem">
        {result?.tone === "error" ? result.text : null}
      </Notice>
      <Notice tone={result?.tone === "success" ? "success" : "info"} testId="editor-status">
        {result && result.tone !== "error" ? result.text : null}
      </Notice>
      <div className="c-actions c-editor__actions">
        <Button type="submit" busy={busy} busyLabel="Saving…">
          Save settings
        </Button>
        <Button variant="secondary" onClick={discard} disabled={busy}>
          Discard changes
        </Button>
      </div>
    </form>
  );
}

/** Tells the page whether the draft differs from the saved settings, and asks before the tab is closed on unsaved changes. */
function useUnsavedGuard(dirty: boolean, onDirty: (dirty: boolean) => void) {
  useEffect(() => {
    onDirty(dirty);
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty, onDirty]);
}
