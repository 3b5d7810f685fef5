import type { ReactNode } from "react";

/**
 * Fields and their buttons side by side, wrapping to one per line on a phone: the console's
 * one layout for a short form (filters, a single-field form).
 */
export function FormRow({ children, onSubmit, label }: { children: ReactNode; onSubmit?: () => void; label?: string }) {
  if (!onSubmit) return <div className="c-form-row">{children}</div>;
  return (
    <form
      className="c-form-row"
      aria-label={label}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </form>
  );
}
