import styles from "./demo.module.css";

export interface LogEntry {
  at: string;
  event: string;
  detail: string;
}

/** Everything the launcher reported, oldest first: what an integrator's callbacks would see. */
export function EventLog({ entries, onClear }: { entries: LogEntry[]; onClear: () => void }) {
  return (
    <section className={styles.card} aria-labelledby="log-title">
      <div className={styles.row}>
        <h2 id="log-title">Event log</h2>
        {entries.length > 0 && <button type="button" className={styles.secondary} onClick={onClear}>Clear</button>}
      </div>
      {entries.length === 0 ? (
        <p className={styles.muted}>Callbacks and scanner messages appear here.</p>
      ) : (
        <ol className={styles.log} data-testid="event-log" aria-live="polite">
          {entries.map((e, i) => (
            <li key={i}>
              <time>{e.at}</time> <strong>{e.event}</strong> {e.detail && <code>{e.detail}</code>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
