import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from "react";

interface FieldShellProps {
  label: string;
  /** The API's message for this field (from `fields`), shown under it and announced. */
  error?: string;
  hint?: ReactNode;
  children: (ids: { id: string; describedBy: string | undefined; invalid: boolean }) => ReactNode;
}

/** Label, control, hint and error wired together (for/id, aria-describedby, aria-invalid). */
export function FieldShell({ label, error, hint, children }: FieldShellProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={error ? "c-field c-field--invalid" : "c-field"}>
      <label htmlFor={id}>{label}</label>
      {children({ id, describedBy, invalid: Boolean(error) })}
      <FieldNotes label={label} error={error} errorId={errorId} hint={hint} hintId={hintId} />
    </div>
  );
}

/** A field's error (prefixed with its label, so it reads whole) and hint, under the control. */
function FieldNotes({ label, error, errorId, hint, hintId }: { label: string; error?: string; errorId?: string; hint?: ReactNode; hintId?: string }) {
  return (
    <>
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
    </>
  );
}

type CheckFieldProps = { label: string; checked: boolean; error?: string; hint?: ReactNode; onChange: (checked: boolean) => void };

/** A checkbox with its label after it, wired like the other fields (hint, error, aria-invalid). */
export function CheckField({ label, checked, error, hint, onChange }: CheckFieldProps) {
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
      <FieldNotes label={label} error={error} errorId={errorId} hint={hint} hintId={hintId} />
    </div>
  );
}

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "id"> & { label: string; error?: string; hint?: ReactNode };

export function TextField({ label, error, hint, ...input }: TextFieldProps) {
  return (
    <FieldShell label={label} error={error} hint={hint}>
      {({ id, describedBy, invalid }) => <input {...input} id={id} aria-describedby={describedBy} aria-invalid={invalid || undefined} />}
    </FieldShell>
  );
}

type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, "id"> & {
  label: string;
  error?: string;
  hint?: ReactNode;
  options: readonly { value: string; label: string }[];
};

export function SelectField({ label, error, hint, options, ...select }: SelectFieldProps) {
  return (
    <FieldShell label={label} error={error} hint={hint}>
      {({ id, describedBy, invalid }) => (
        <select {...select} id={id} aria-describedby={describedBy} aria-invalid={invalid || undefined}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </FieldShell>
  );
}
