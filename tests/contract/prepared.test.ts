/**
 * lib/db/prepared.ts, the one fast path beside the query builder (drizzle's own prepared
 * queries), on PGlite and on Postgres when TEST_DATABASE_URL is set: built once per handle,
 * run with each call's values, and never on a transaction (a compile error when the value
 * is typed as one, refused by name when it is passed along as a plain handle).
 */
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { schema, type Db, type Tx } from "@/lib/db";
import { prepared, type PoolDb } from "@/lib/db/prepared";
import { seedTenant } from "../support/webhook-fixtures";
import { useServices } from "../support/services";

const svc = useServices();
const t = schema.tenants;
let builds = 0;

const tenantName = (db: PoolDb) =>
  prepared(db, "prepared_test_tenant_name", () => {
    builds++;
    return db.select({ name: t.name, url: t.webhookUrl }).from(t).where(eq(t.id, sql.placeholder("id"))).prepare("prepared_test_tenant_name");
  });

describe("prepared", () => {
  it("builds a query once per handle and runs it with each call's values", async () => {
    const { db } = svc.get();
    const a = await seedTenant(db, { url: "https://example.com/hook" });
    const b = await seedTenant(db);
    expect(await tenantName(db).execute({ id: a.tenantId })).toEqual([{ name: "Webhook Test Co", url: "https://example.com/hook" }]);
    expect(await tenantName(db).execute({ id: b.tenantId })).toEqual([{ name: "Webhook Test Co", url: null }]);
    expect(await tenantName(db).execute({ id: "no_such_tenant" })).toEqual([]);
    expect(builds).toBe(1);
  });

  it("refuses a transaction passed along as a plain handle, by name", async () => {
    const { db } = svc.get();
    await expect(db.transaction(async (tx) => tenantName(tx as Db))).rejects.toThrow("prepared(prepared_test_tenant_name): a transaction cannot use the handle's prepared queries");
  });

  it("refuses a value typed as a transaction at compile time too (`npm run typecheck` fails without the error below)", async () => {
    const { db } = svc.get();
    // @ts-expect-error a transaction is not the database handle (PoolDb)
    const viaTransaction = (tx: Tx) => tenantName(tx);
    await expect(db.transaction(async (tx) => viaTransaction(tx as Tx))).rejects.toThrow(/a transaction cannot use/);
  });
});
