"use client";

import { useState } from "react";
import { Button } from "./button";

interface CopyButtonProps {
  value: string;
  label?: string;
  /** A fuller accessible name where several copy buttons share a page ("Copy key Test publishable key"). */
  accessibleLabel?: string;
  fallbackTargetId?: string;
  /** Called after the value reached the clipboard (a getting-started step, for example). */
  onCopied?: () => void;
}

/** Copies `value` to the clipboard and says so; falls back to selecting it for Ctrl+C. */
export function CopyButton({ value, label = "Copy", accessibleLabel, fallbackTargetId, onCopied }: CopyButtonProps) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setState("copied");
      onCopied?.();
    } catch {
      const target = fallbackTargetId ? document.getElementById(fallbackTargetId) : null;
      if (target) window.getSelection()?.selectAllChildren(target);
      setState("failed");
    }
  }
  return (
    <span className="c-copy">
      <Button variant="secondary" onClick={copy} aria-label={accessibleLabel}>
        {label}
      </Button>
      <span role="status" className="c-copy__status">
        {state === "copied" ? "Copied" : state === "failed" ? "Press Ctrl+C (⌘C) to copy the selected value" : ""}
      </span>
    </span>
  );
}
