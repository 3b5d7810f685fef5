import { z } from "zod";
import { SESSION_STATUSES } from "../db/schema";
import { hasUnrepresentable, UNREPRESENTABLE_MESSAGE } from "../text";
import { ListLimit } from "../validation";

/** Where a session came from: `api` (a key) or `preview` (the console's scanner preview). */
export const SESSION_SOURCES = ["all", "api", "preview"] as const;

const DAY_MS = 86_400_000;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Years a bound may name: the database has no year 0, and a year past 9999 (a day after
 * 9999-12-31, the end of a `to` day) is not ISO 8601 text it reads.
 */
const inYears = (ms: number) => {
  const year = new Date(ms).getUTCFullYear();
  return year >= 1 && year <= 9998;
};

/** A bound as `YYYY-MM-DD` (a whole UTC day, a real one: no 31 February) or an ISO 8601 timestamp. */
const DateBound = z.string().refine(
  (v) => {
    if (DATE_ONLY.test(v)) {
      const ms = Date.parse(`${v}T00:00:00Z`);
      return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === v && inYears(ms);
    }
    const ms = Date.parse(v);
    return z.iso.datetime({ offset: true }).safeParse(v).success && !Number.isNaN(ms) && inYears(ms);
  },
  { error: "must be a date (YYYY-MM-DD) or an ISO 8601 timestamp, years 0001 to 9998" },
);

/** The position after the last row of a page: that row's creation time and id. */
export interface Cursor {
  createdAt: Date;
  id: string;
}

export function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify([c.createdAt.toISOString(), c.id])).toString("base64url");
}

export function decodeCursor(value: string): Cursor | null {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, "base64url").toString("utf8"));
    if (!Array.isArray(parsed) || parsed.length !== 2 || typeof parsed[0] !== "string" || typeof parsed[1] !== "string") return null;
    const createdAt = new Date(parsed[0]);
    const usable = !Number.isNaN(createdAt.getTime()) && inYears(createdAt.getTime()) && parsed[1].length <= 200 && !hasUnrepresentable(parsed[1]);
    return usable ? { createdAt, id: parsed[1] } : null;
  } catch {
    return null;
  }
}

// `.meta` describes the parameters in the API reference (lib/openapi); validation is unchanged.
const filterShape = {
  q: z
    .string()
    .max(200, { error: "must be at most 200 characters" })
    .refine((v) => !hasUnrepresentable(v), { error: UNREPRESENTABLE_MESSAGE })
    .optional()
    .transform((v) => v?.trim() || undefined)
    .meta({ description: "A session id, or text found in a top-level metadata value (case-insensitive), e.g. an order number.", example: "A-1001" }),
  status: z.enum(SESSION_STATUSES, { error: `must be one of ${SESSION_STATUSES.join(", ")}` }).optional().meta({ description: "Status as read now (expiry applied)." }),
  mode: z.enum(["test", "live"], { error: "must be test or live" }).optional(),
  from: DateBound.optional().meta({ description: "Created at or after: a UTC day (YYYY-MM-DD) or a timestamp.", example: "2026-11-01" }),
  to: DateBound.optional().meta({ description: "Created before the end of this UTC day, or before this timestamp.", example: "2026-11-30" }),
  source: z
    .enum(SESSION_SOURCES, { error: `must be one of ${SESSION_SOURCES.join(", ")}` })
    .default("all")
    .meta({ description: "`api`: created with a key; `preview`: the console's scanner previews; default `all`." }),
};

/** The filters' parsed form, bounds resolved to instants (`to` exclusive). */
export interface SessionFilters {
  q?: string;
  status?: (typeof SESSION_STATUSES)[number];
  mode?: "test" | "live";
  from?: Date;
  to?: Date;
  source: (typeof SESSION_SOURCES)[number];
}

function resolveBounds<T extends { from?: string; to?: string }>(v: T, ctx: z.RefinementCtx) {
  const from = v.from === undefined ? undefined : new Date(DATE_ONLY.test(v.from) ? `${v.from}T00:00:00Z` : v.from);
  const to = v.to === undefined ? undefined : DATE_ONLY.test(v.to) ? new Date(Date.parse(`${v.to}T00:00:00Z`) + DAY_MS) : new Date(v.to);
  if (from && to && from.getTime() >= to.getTime()) ctx.addIssue({ code: "custom", path: ["to"], message: "must be after `from`" });
  return { ...v, from, to };
}

/** The filters of a session list or export. */
export const SessionFilterParams = z.object(filterShape);
export const SessionFilterQuery = SessionFilterParams.transform((v, ctx) => resolveBounds(v, ctx));

/** A page of sessions: the filters, `limit` and `cursor` (the previous page's `next_cursor`). */
export const SessionListParams = z.object({
    ...filterShape,
  limit: ListLimit.meta({ description: "1 to 200; default 50" }),
  cursor: z
    .string()
    .optional()
    .refine((v) => v === undefined || decodeCursor(v) !== null, { error: "is not a `next_cursor` from a previous page" })
      .meta({ description: "The previous page's `next_cursor`; absent for the first page." }),
});
export const SessionListQuery = SessionListParams.transform((v, ctx) => {
  const bounded = resolveBounds(v, ctx);
  return { ...bounded, cursor: v.cursor === undefined ? undefined : (decodeCursor(v.cursor) ?? undefined) };
});
export type SessionListQuery = z.infer<typeof SessionListQuery>;
