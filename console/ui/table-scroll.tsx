import type { ReactNode } from "react";

/**
 * A wide table's scroll box: it scrolls inside its card on narrow screens, and is a named,
 * focusable region so keyboard users can scroll it too (WCAG 2.1.1).
 */
export function TableScroll({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div className={className ? `c-table-wrap ${className}` : "c-table-wrap"} tabIndex={0} role="region" aria-label={label}>
      {children}
    </div>
  );
}
