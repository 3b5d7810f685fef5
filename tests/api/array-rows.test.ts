// lib/db/array-rows: the hot reads' fast path, on whichever backend the suite runs (PGlite, or
// Postgres with TEST_DATABASE_URL): the same statement twice (named on Postgres, so the second
// call reuses the server-side statement), placeholders filled, fixed values kept, columns in
// select order with the driver's types.
import { eq, sql } from "drizzle-orm";
import { QueryBuilder } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import type { Db } from "@/lib/db";
import { arrayRows, driverStatement } from "@/lib/db/array-rows";
import { sessions } from "@/lib/db/schema";
import { signup } from "../support/factories";
import { useServices } from "../support/services";
import { createSessionWith } from "../support/sessions";

const svc = useServices();

const BY_ID = driverStatement(
  "array_rows_test_by_id",
  new QueryBuilder()
    .select({ id: sessions.id, expiresAt: sessions.expiresAt, pageCount: sessions.pageCount, metadata: sessions.metadata })
    .from(sessions)
    .where(eq(sessions.id, sql.placeholder("id")))
    .limit(1),
);

describe("arrayRows", () => {
  it("answers a row as an array in select order, with timestamps as Dates and JSON parsed, the same on a second call", async () => {
    const a = await signup();
    const s = await createSessionWith(a.secretKey, { metadata: { order: "A-1" } });
    for (let call = 0; call < 2; call++) {
      const rows = await arrayRows(svc.get().db, BY_ID, { id: s.id });
      expect(rows).toEqual([[s.id, new Date(s.expires_at), null, { order: "A-1" }]]);
    }
  });

  it("answers no rows for an id that does not exist, and keeps the statement's fixed values (its limit)", async () => {
    expect(BY_ID.params).toContain(1);
    expect(await arrayRows(svc.get().db, BY_ID, { id: "sess_00000000000000000000" })).toEqual([]);
  });

  it("refuses a transaction handle by name instead of failing on its missing driver", async () => {
    await expect(svc.get().db.transaction((tx) => arrayRows(tx as unknown as Db, BY_ID, { id: "sess_00000000000000000000" }))).rejects.toThrow(
      "arrayRows(array_rows_test_by_id): a transaction cannot use the handle's driver",
    );
  });
});
