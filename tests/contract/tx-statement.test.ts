/**
 * lib/db/tx-statement.ts: a statement built once from the query builder runs inside any
 * transaction with fresh values each call, a Date placeholder stored as its instant, and
 * rows read back as the builder would (on PGlite, and on Postgres when TEST_DATABASE_URL is set).
 */
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { schema, withTx } from "@/lib/db";
import { columnsOf, txStatement } from "@/lib/db/tx-statement";
import type { Tx } from "@/lib/db";
import { seedSession, seedTenant } from "../support/webhook-fixtures";
import { useServices } from "../support/services";

const svc = useServices();
const t = schema.tenants;
const RETURNED = { credits: t.credits, events: t.webhookEvents, url: t.webhookUrl };

describe("txStatement", () => {
  it("builds once and runs with each call's values, in whichever transaction calls it", async () => {
    const { db } = svc.get();
    let builds = 0;
    const add = txStatement((tx) => {
      builds++;
      return tx.update(t).set({ credits: sql`${t.credits} + ${sql.placeholder("delta")}::integer` }).where(eq(t.id, sql.placeholder("id"))).returning(RETURNED);
    });
    const a = await seedTenant(db, { url: "https://example.com/hook", events: ["scan.completed", "scan.failed"] });
    const b = await seedTenant(db);
    const [before] = await db.select({ credits: t.credits }).from(t).where(eq(t.id, a.tenantId));
    const first = await withTx(db, (tx) => add(tx, { id: a.tenantId, delta: 5 }));
    const second = await withTx(db, (tx) => add(tx, { id: b.tenantId, delta: -1 }));
    expect(builds).toBe(1);
    expect(columnsOf(first[0], RETURNED)).toEqual({ credits: before.credits + 5, events: ["scan.completed", "scan.failed"], url: "https://example.com/hook" });
    expect(columnsOf(second[0], RETURNED).url).toBeNull();
    expect(await withTx(db, (tx) => add(tx, { id: "no_such_tenant", delta: 1 }))).toEqual([]);
  });

  it("takes a Date for a timestamp column's placeholder and reads back the same instant", async () => {
    const { db } = svc.get();
    const { tenantId } = await seedTenant(db);
    const sessionId = await seedSession(db, tenantId);
    const u = schema.usageEvents;
    const insert = txStatement((tx) =>
      tx.insert(u).values({ id: sql.placeholder("id"), tenantId, sessionId, mode: "test", pages: 1, bytes: 1, createdAt: sql.placeholder("at") }).returning({ createdAt: u.createdAt }),
    );
    const at = new Date("2026-11-26T10:00:00.123Z");
    const [row] = await withTx(db, (tx) => insert(tx, { id: "usage_tx_statement", at }));
    expect(columnsOf(row, { createdAt: u.createdAt }).createdAt).toEqual(at);
  });

  it("refuses text whose parameters are not numbered in order", async () => {
    const odd = txStatement(() => ({ toSQL: () => ({ sql: "select $2, $1", params: [1, 2] }) }));
    await expect(odd({} as Tx, {})).rejects.toThrow(/out of order/);
  });
});
