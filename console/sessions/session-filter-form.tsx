"use client";

import { useState } from "react";
import type { FieldErrors } from "../api";
import { Button } from "../ui/button";
import { SelectField, TextField } from "../ui/field";
import { FormRow } from "../ui/form-row";
import { STATUS_WORDS } from "../ui/status-badge";
import { NO_FILTERS, type SessionFilters } from "./session-list";

const STATUS_OPTIONS = [{ value: "", label: "Any status" }, ...Object.entries(STATUS_WORDS).map(([value, label]) => ({ value, label }))];
const MODE_OPTIONS = [
  { value: "", label: "Test and live" },
  { value: "test", label: "Test" },
  { value: "live", label: "Live" },
];
const SOURCE_OPTIONS = [
  { value: "api", label: "Your integration" },
  { value: "preview", label: "Scanner previews" },
  { value: "all", label: "Both" },
];

/** Search and filters of the session list; applied on submit, reported per field by the API. */
export function SessionFilterForm({ applied, fields, onApply }: { applied: SessionFilters; fields: FieldErrors; onApply: (f: SessionFilters) => void }) {
  const [draft, setDraft] = useState(applied);
  // On a phone the five filters fold away behind one button, unless one is in use.
  const [showAll, setShowAll] = useState(() => window.matchMedia("(min-width: 640px)").matches || JSON.stringify({ ...applied, q: "" }) !== JSON.stringify({ ...NO_FILTERS, q: "" }) || Object.keys(fields).length > 0);
  const set = (key: keyof SessionFilters) => (e: { target: { value: string } }) => setDraft({ ...draft, [key]: e.target.value });
  return (
    <FormRow label="Find sessions" onSubmit={() => onApply(draft)}>
      <div className="c-form-row__wide">
        <TextField label="Search" type="search" value={draft.q} onChange={set("q")} error={fields.q} placeholder="Session id or order number" maxLength={200} />
      </div>
      {showAll ? (
        <>
          <SelectField label="Status" value={draft.status} onChange={set("status")} options={STATUS_OPTIONS} error={fields.status} />
          <SelectField label="Mode" value={draft.mode} onChange={set("mode")} options={MODE_OPTIONS} error={fields.mode} />
          <SelectField label="Source" value={draft.source} onChange={set("source")} options={SOURCE_OPTIONS} error={fields.source} />
          <TextField label="Created from" type="date" value={draft.from} onChange={set("from")} error={fields.from} />
          <TextField label="Created to" type="date" value={draft.to} onChange={set("to")} error={fields.to} />
        </>
      ) : (
        <Button variant="ghost" aria-expanded={false} onClick={() => setShowAll(true)}>
          More filters
        </Button>
      )}
      <div className="c-actions">
        <Button type="submit">Apply</Button>
        <Button
          variant="ghost"
          onClick={() => {
            setDraft(NO_FILTERS);
            onApply(NO_FILTERS);
          }}
        >
          Reset
        </Button>
      </div>
    </FormRow>
  );
}
