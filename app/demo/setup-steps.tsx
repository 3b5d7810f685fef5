"use client";

import { useState } from "react";
import type { DemoAccount } from "./use-console-account";
import styles from "./demo.module.css";

/** Step 1: the publishable test key, kept in this browser's localStorage only. */
export function KeyStep({ value, onChange, problem, account }: { value: string; onChange: (v: string) => void; problem: string | null; account: DemoAccount | null }) {
  const offered = account?.publishableKey;
  return (
    <section className={styles.card} aria-labelledby="key-title">
      <h2 id="key-title">1. Paste a publishable test key</h2>
      <label htmlFor="pk">Publishable key</label>
      <input
        id="pk"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder="pk_test_…"
        autoComplete="off"
        spellCheck={false}
        aria-invalid={problem !== null}
        aria-describedby="pk-help"
      />
      <p id="pk-help" className={problem ? styles.problem : styles.muted}>
        {problem ?? (
          <>
            Every new account gets a <code>pk_test_</code> key: find it in the console under <a href="/console/keys">API keys</a>.
            Publishable keys are public by design; it is stored only in this browser.
          </>
        )}
      </p>
      {offered && offered !== value && (
        <div className={styles.actions}>
          <button type="button" className={styles.secondary} onClick={() => onChange(offered)}>
            Use my publishable key ({offered.slice(0, 12)}…)
          </button>
        </div>
      )}
    </section>
  );
}

/** Step 2: publishable keys only work from allowlisted origins, so this page's origin must be added. */
export function SetupSteps({ origin, account }: { origin: string; account: DemoAccount | null }) {
  const [state, setState] = useState<"idle" | "busy" | "failed">("idle");
  async function allow() {
    setState("busy");
    try {
      await account?.allowOrigin();
      setState("idle");
    } catch {
      setState("failed");
    }
  }
  return (
    <section className={styles.card} aria-labelledby="origin-title">
      <h2 id="origin-title">2. Allow this page&apos;s origin</h2>
      <p>
        A publishable key creates sessions only from origins on your account&apos;s allowlist, and the scanner refuses to run
        inside a page whose origin is not allowed. Add <code data-testid="demo-origin">{origin}</code> once, in the console under{" "}
        <a href="/console/origins">Allowed origins</a>.
      </p>
      {account && (
        <div className={styles.actions} role="status">
          {account.originAllowed ? (
            <p className={styles.ok} data-testid="origin-allowed">
              ✓ {origin} is on your allowlist.
            </p>
          ) : (
            <button type="button" onClick={allow} disabled={state === "busy"} aria-busy={state === "busy"}>
              {state === "busy" ? "Allowing…" : "Allow this origin"}
            </button>
          )}
          {state === "failed" && <p className={styles.problem}>The origin could not be added. Try again, or add it in the console.</p>}
        </div>
      )}
      {!account && (
        <p className={styles.muted}>
          <a href="/console/login?next=%2Fconsole%2Forigins">Log in to the console</a> to add it, or{" "}
          <a href="/console/signup">create an account</a> first.
        </p>
      )}
    </section>
  );
}
