import type { ReactNode } from "react";

type Tone = "info" | "success" | "warning" | "error";

/**
 * A message about the last action. Errors use role="alert" (announced at once); the rest
 * role="status" (announced politely). Render it empty-but-present where results appear
 * later, so screen readers pick up the change.
 */
export function Notice({ tone = "info", children, testId }: { tone?: Tone; children?: ReactNode; testId?: string }) {
  return (
    <div role={tone === "error" ? "alert" : "status"} className={children ? `c-notice c-notice--${tone}` : "c-notice--empty"} data-testid={testId}>
      {children}
    </div>
  );
}
