import { useId, type ReactNode } from "react";
import { FieldShell } from "../ui/field";

/** A checkbox with its label after it, and the hint/error wiring the other fields have. */
export function CheckField({ label, checked, hint, error, onChange }: { label: string; checked: boolean; hint?: ReactNode; error?: string; onChange: (checked: boolean) => void }) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={error ? "c-field c-field--invalid" : "c-field"}>
      <div className="c-check">
        <input
          id={id}
          type="checkbox"
          checked={checked}
          aria-describedby={[errorId, hintId].filter(Boolean).join(" ") || undefined}
          aria-invalid={error ? true : undefined}
          onChange={(e) => onChange(e.target.checked)}
        />
        <label htmlFor={id}>{label}</label>
      </div>
      {error && (
        <p id={errorId} className="c-field__error">
          {label} {error}
        </p>
      )}
      {hint && (
        <p id={hintId} className="c-field__hint">
          {hint}
        </p>
      )}
    </div>
  );
}

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
