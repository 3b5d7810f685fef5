import { timestamp } from "drizzle-orm/pg-core";

/** Timestamps are timestamptz, always written from the app clock (lib/clock), never SQL now(). */
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
