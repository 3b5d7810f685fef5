"use client";

import { useState } from "react";
import { Button } from "./button";

/** Copies `value` to the clipboard and says so; falls back to selecting it for Ctrl+C. */
export function CopyButton({ value, label = "Copy", fallbackTargetId }: { value: string; label?: string; fallbackTargetId?: string }) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setState("copied");
    } catch {
      const target = fallbackTargetId ? document.getElementById(fallbackTargetId) : null;
      if (target) window.getSelection()?.selectAllChildren(target);
      setState("failed");
    }
  }
  return (
    <span className="c-copy">
      <Button variant="secondary" onClick={copy}>
        {label}
      </Button>
      <span role="status" className="c-copy__status">
        {state === "copied" ? "Copied" : state === "failed" ? "Press Ctrl+C (⌘C) to copy the selected value" : ""}
      </span>
    </span>
  );
}
