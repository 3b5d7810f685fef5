import type { ButtonHTMLAttributes } from "react";

type Variant = "primary" | "secondary" | "danger" | "ghost";

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  /** While true the button is disabled, says so to screen readers and shows `busyLabel`. */
  busy?: boolean;
  busyLabel?: string;
}

/** The console's one button: variants, and a busy state for every action that waits. */
export function Button({ variant = "primary", busy = false, busyLabel, children, className, disabled, type = "button", ...rest }: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      className={["c-btn", `c-btn--${variant}`, className].filter(Boolean).join(" ")}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
    >
      {busy && <span className="c-spinner" aria-hidden="true" />}
      {busy && busyLabel ? busyLabel : children}
    </button>
  );
}
