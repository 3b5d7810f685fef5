"use client";

import { useEffect, useId, useRef, type ReactNode } from "react";
import { Button } from "./button";
import { CopyButton } from "./copy-button";

interface SecretRevealProps {
  title: string;
  /** The full value. It lives only in the parent's state: never stored, logged or put in a URL. */
  value: string;
  copyLabel: string;
  children: ReactNode;
  onDone: () => void;
  testId?: string;
}

/**
 * A secret shown once: the value, a copy button, a clear warning, and a button that puts
 * it away. Focus moves here when it appears, so keyboard and screen-reader users land on it.
 */
export function SecretReveal({ title, value, copyLabel, children, onDone, testId }: SecretRevealProps) {
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="c-card c-reveal" aria-labelledby={`${id}-title`} data-testid={testId}>
      <h2 id={`${id}-title`} ref={heading} tabIndex={-1}>
        {title}
      </h2>
      <div className="c-notice c-notice--warning">
        <strong>You will not see this again.</strong> {children}
      </div>
      <code id={`${id}-value`} className="c-secret" data-testid={testId ? `${testId}-value` : undefined}>
        {value}
      </code>
      <div className="c-actions">
        <CopyButton value={value} label={copyLabel} fallbackTargetId={`${id}-value`} />
        <Button variant="ghost" onClick={onDone}>
          I have stored it, hide it
        </Button>
      </div>
    </section>
  );
}
