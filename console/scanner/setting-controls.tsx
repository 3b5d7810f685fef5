import type { ReactNode } from "react";
import { FieldShell } from "../ui/field";

interface NumberFieldProps {
  label: string;
  value: string;
  min: number;
  max: number;
  step: number;
  hint: ReactNode;
  error?: string;
  onChange: (value: string) => void;
}

export function NumberField({ label, value, min, max, step, hint, error, onChange }: NumberFieldProps) {
  return (
    <FieldShell label={label} error={error} hint={hint}>
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
          type="number"
          inputMode="decimal"
          className="c-input-short"
          min={min}
          max={max}
          step={step}
          value={value}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </FieldShell>
  );
}

export function TextAreaField({ label, value, hint, error, maxChars, onChange }: { label: string; value: string; hint: ReactNode; error?: string; maxChars: number; onChange: (value: string) => void }) {
  const used = [...value].length;
  return (
    <FieldShell label={label} error={error} hint={<>{hint} {used} of {maxChars} characters used.</>}>
      {({ id, describedBy, invalid }) => (
        <textarea id={id} rows={3} value={value} aria-describedby={describedBy} aria-invalid={invalid || undefined} onChange={(e) => onChange(e.target.value)} />
      )}
    </FieldShell>
  );
}
