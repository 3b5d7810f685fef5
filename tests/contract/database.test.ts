/**
 * The same migrations and queries on every database implementation: PGlite always, real
 * Postgres when TEST_DATABASE_URL is set (it was migrated by the global setup).
 */
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, withTx, type DbHandle } from "@/lib/db";
import { creditLedger, sessions, tenants, users, webhookDeliveries } from "@/lib/db/schema";
import { newId } from "@/lib/ids";

function describeDatabase(name: string, open: () => Promise<DbHandle>) {
  describe(name, () => {
    let handle: DbHandle;
    beforeAll(async () => {
      handle = await open();
    });
    afterAll(() => handle.close());

    const insertTenant = async (id = newId("tenant")) => {
      await handle.db.insert(tenants).values({ id, name: "t", webhookSecret: "whsec_x", createdAt: new Date() });
      return id;
    };
    const insertSession = async (tenantId: string) => {
      const id = newId("session");
      const at = new Date();
      await handle.db.insert(sessions).values({ id, tenantId, mode: "test", scanner: {}, allowedOrigins: [], createdAt: at, expiresAt: at });
      return id;
    };

    it("has every table of the schema", async () => {
      const rows = await handle.db.execute(sql`select table_name from information_schema.tables where table_schema = 'public'`);
      const names = (rows as unknown as { rows: { table_name: string }[] }).rows.map((r) => r.table_name);
      for (const table of ["tenants", "users", "console_sessions", "api_keys", "scanner_profiles", "sessions", "files", "credit_ledger", "usage_events", "webhook_deliveries"]) {
        expect(names).toContain(table);
      }
    });

    it("refuses a second user whose email differs only in case", async () => {
      const tenantId = await insertTenant();
      const email = `Case-${newId("user")}@Example.com`;
      const user = (e: string) => ({ id: newId("user"), tenantId, email: e, passwordHash: "h", createdAt: new Date() });
      await handle.db.insert(users).values(user(email));
      await expect(handle.db.insert(users).values(user(email.toLowerCase()))).rejects.toThrow();
    });

    it("allows exactly one session debit per session, and needs session_id on it", async () => {
      const tenantId = await insertTenant();
      const sessionId = await insertSession(tenantId);
      const row = (seq: number) => ({ id: newId("ledger"), tenantId, seq, delta: -1, balanceAfter: -seq, reason: "session" as const, sessionId, createdAt: new Date() });
      await handle.db.insert(creditLedger).values(row(1));
      await expect(handle.db.insert(creditLedger).values(row(2))).rejects.toThrow();
      await expect(handle.db.insert(creditLedger).values({ ...row(3), sessionId: null })).rejects.toThrow();
    });

    it("rolls back every write of a failed transaction, including nested verbs", async () => {
      const id = newId("tenant");
      await expect(
        withTx(handle.db, async (tx) => {
          await tx.insert(tenants).values({ id, name: "t", webhookSecret: "s", createdAt: new Date() });
          await withTx(tx, async (inner) => inner.update(tenants).set({ name: "renamed" }).where(eq(tenants.id, id)));
          throw new Error("boom");
        }),
      ).rejects.toThrow("boom");
      expect(await handle.db.select().from(tenants).where(eq(tenants.id, id))).toEqual([]);
    });

    it("round-trips JSON exactly: nesting, unicode, prototype-named keys", async () => {
      const tenantId = await insertTenant();
      const metadata = JSON.parse('{"__proto__":{"x":1},"nested":{"a":[1,2,{"b":null}]},"text":"Grüße 🎉 \\u2028"}');
      const id = newId("session");
      const at = new Date(1_700_000_000_123);
      await handle.db.insert(sessions).values({ id, tenantId, mode: "live", metadata, scanner: {}, allowedOrigins: ["https://a.example"], createdAt: at, expiresAt: at });
      const [row] = await handle.db.select().from(sessions).where(eq(sessions.id, id));
      expect(JSON.stringify(row.metadata)).toBe(JSON.stringify(metadata));
      expect(Object.keys(row.metadata)).toEqual(["__proto__", "nested", "text"]);
      expect(row.createdAt.getTime()).toBe(at.getTime());
    });

    it("lets concurrent claims with skip locked take disjoint rows", async () => {
      const tenantId = await insertTenant();
      const ids = Array.from({ length: 6 }, () => newId("delivery"));
      await handle.db.insert(webhookDeliveries).values(
        ids.map((id) => ({ id, tenantId, sessionId: "sess_x", event: "scan.completed", eventId: "evt_x", url: "https://r.example", payload: "{}", signingSecret: "s", createdAt: new Date(), nextAttemptAt: new Date(0) })),
      );
      const claim = (holdUntil?: Promise<unknown>, onLocked?: () => void) =>
        withTx(handle.db, async (tx) => {
          const rows = await tx.select({ id: webhookDeliveries.id }).from(webhookDeliveries).where(inArray(webhookDeliveries.id, ids)).limit(3).for("update", { skipLocked: true });
          onLocked?.();
          await holdUntil;
          return rows.map((r) => r.id);
        });
      if (name === "PGlite") {
        // PGlite runs one transaction at a time, so there is nothing to skip: the statement runs.
        expect(await claim()).toHaveLength(3);
        return;
      }
      // The first claim keeps its row locks until the second has returned: the second must skip
      // them rather than wait (it would wait forever, and the test time out).
      let release!: () => void, locked!: () => void;
      const held = new Promise<void>((r) => (release = r)), hasLocks = new Promise<void>((r) => (locked = r));
      const first = claim(held, locked);
      await hasLocks;
      const b = await claim();
      release();
      const a = await first;
      expect(a.filter((id) => b.includes(id))).toEqual([]);
      expect(new Set([...a, ...b]).size).toBe(6);
    });
  });
}

describeDatabase("PGlite", () => createDb({ pgliteDir: "memory://" }));
if (process.env.TEST_DATABASE_URL) {
  describeDatabase("Postgres", () => createDb({ databaseUrl: process.env.TEST_DATABASE_URL, pgliteDir: "unused" }));
}
