import { config } from "./config";

type Level = "debug" | "info" | "warn" | "error";
const RANK: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };

/**
 * One JSON object per line on stdout. Callers pass structured fields; never put a token,
 * key, password or secret in them (request logs carry the path template, not the URL).
 */
export function log(level: Level, msg: string, fields: Record<string, unknown> = {}): void {
  if (RANK[level] < RANK[currentLevel()]) return;
  process.stdout.write(`${JSON.stringify({ level, time: new Date().toISOString(), msg, ...fields })}\n`);
}

function currentLevel(): Level {
  try {
    return config().logLevel;
  } catch {
    return "info";
  }
}
