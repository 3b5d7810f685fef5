"use client";
import type { ReactNode } from "react";

/** A full-screen message with optional progress and actions. */
export function MessageScreen({ title, body, progress, tone, children }: {
  title: string;
  body?: string;
  progress?: number | null;
  tone?: "error" | "done";
  children?: ReactNode;
}) {
  return (
    <section className={`ds-screen ds-message ${tone ? `ds-${tone}` : ""}`} aria-live="polite" data-screen={tone ?? "status"}>
      {tone === "done" && <div className="ds-done-mark" aria-hidden="true">✓</div>}
      <h1 className="ds-title">{title}</h1>
      {body && <p className="ds-body">{body}</p>}
      {progress !== undefined && (
        <progress className="ds-progress" max={100} value={progress ?? undefined} aria-label={title} />
      )}
      {children && <div className="ds-actions">{children}</div>}
    </section>
  );
}
