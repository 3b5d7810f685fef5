import styles from "./demo.module.css";

/** Step 1: the publishable test key, kept in this browser's localStorage only. */
export function KeyStep({ value, onChange, problem }: { value: string; onChange: (v: string) => void; problem: string | null }) {
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
        {problem ??
          "Every new account gets a pk_test_ key (console → API keys). Publishable keys are public by design; it is stored only in this browser."}
      </p>
    </section>
  );
}

/** Step 2: publishable keys only work from allowlisted origins, so this page's origin must be added. */
export function SetupSteps({ origin }: { origin: string }) {
  const curl = `curl -X POST ${origin}/v1/dashboard/domains \\
  -H "Cookie: sc_session=<SESSION_COOKIE>" \\
  -H "Content-Type: application/json" \\
  -d '{"domain": "${origin}"}'`;
  return (
    <section className={styles.card} aria-labelledby="origin-title">
      <h2 id="origin-title">2. Allow this page&apos;s origin</h2>
      <p>
        A publishable key creates sessions only from origins on your account&apos;s allowlist, and the scanner refuses to run
        inside a page whose origin is not allowed. Add <code data-testid="demo-origin">{origin}</code> once, in the console
        under <em>Domains</em> or with the console API (<code>POST /v1/dashboard/domains</code>, signed in):
      </p>
      <pre className={styles.code}>{curl}</pre>
    </section>
  );
}
