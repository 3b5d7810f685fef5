import { config } from "./config";

type Level = "debug" | "info" | "warn" | "error";
const RANK: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };

/**
 * One JSON object per line on stdout. Callers pass structured fields; never put a token,
 * key, password or secret in them (request logs carry the path template, not the URL).
 */
export function log(level: Level, msg: string, fields: Record<string, unknown> = {}): void {
  if (!logs(level)) return;
  process.stdout.write(`${JSON.stringify({ level, time: new Date().toISOString(), msg, ...fields })}\n`);
}

/** Whether a line at `level` is written: callers building costly fields ask first. */
export function logs(level: Level): boolean {
  return RANK[level] >= RANK[currentLevel()];
}

function currentLevel(): Level {
  try {
    return config().logLevel;
  } catch {
    return "info";
  }
}

// Values that must never reach a log line, whatever error message carries them.
const SECRETS: [RegExp, string][] = [
  [/\b(whsec|sk_live|sk_test|pk_live|pk_test|sc)_[A-Za-z0-9_-]+/g, "$1_[redacted]"],
  [/\beyJ[\w-]+\.[\w-]+\.[\w-]+/g, "[token]"],
  [/\$2[aby]\$\d\d\$[./A-Za-z0-9]{53}/g, "[hash]"],
  [/[^\s@"'<>(),;:]+@[^\s@"'<>(),;:]+\.[A-Za-z]{2,}/g, "[email]"],
];

/** A message with query parameters cut off and secrets, tokens, hashes and emails masked. */
export function redact(text: string): string {
  // Drizzle's DrizzleQueryError message is "Failed query: <sql>\nparams: <values>".
  const withoutParams = text.replace(/\nparams:[\s\S]*$/, "");
  return SECRETS.reduce((t, [pattern, mask]) => t.replace(pattern, mask), withoutParams);
}

/**
 * What an unexpected error may put in a log line: its class, a redacted message (no query
 * parameters, secrets, tokens or emails), the driver's SQLSTATE and constraint when a
 * database error caused it, and the stack frames (never the message again).
 */
export function errorFields(err: unknown): Record<string, unknown> {
  if (!(err instanceof Error)) return { error: redact(String(err)) };
  const cause = err.cause as { code?: unknown; constraint?: unknown; message?: unknown } | undefined;
  const frames = (err.stack ?? "").split("\n").filter((line) => line.startsWith("    at ")).slice(0, 12);
  return {
    error: `${err.name}: ${redact(err.message)}`,
    ...(cause && typeof cause === "object" && typeof cause.message === "string" ? { cause: redact(cause.message) } : {}),
    ...(cause && typeof cause.code === "string" ? { sqlstate: cause.code } : {}),
    ...(cause && typeof cause.constraint === "string" ? { constraint: cause.constraint } : {}),
    stack: frames.join("\n"),
  };
}
