/**
 * lib/db/prepared.ts, the one fast path beside the query builder (drizzle's own prepared
 * queries), on PGlite and on Postgres when TEST_DATABASE_URL is set: built once per handle,
 * run with each call's values, and never on a transaction (a compile error when the value
 * is typed as one, refused by name when it is passed along as a plain handle).
 * `preparedQuery` runs drizzle's statement straight through the driver: its answers must be
 * exactly what drizzle's own execution of the same query answers.
 */
import { and, eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import { Client } from "pg";
import { DrizzleQueryError } from "drizzle-orm/errors";
import { describe, expect, it } from "vitest";
import { schema, type Db, type Tx } from "@/lib/db";
import { prepared, preparedQuery, type PoolDb } from "@/lib/db/prepared";
import { newId } from "@/lib/ids";
import { seedSession, seedTenant } from "../support/webhook-fixtures";
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

const s = schema.sessions;
const f = schema.files;

/** Every kind of field the hot queries select: columns of three tables, timestamps, JSON, a text array, an expression, a left-joined object. */
const sessionShape = (db: Db, id: unknown) =>
  db
    .select({
      id: s.id,
      createdAt: s.createdAt,
      openedAt: s.openedAt,
      metadata: s.metadata,
      allowedOrigins: s.allowedOrigins,
      tenantName: t.name,
      credits: t.credits,
      metadataText: sql<string | null>`${s.metadata}::text`,
      file: { id: f.id, bytes: f.bytes, pageReports: f.pageReports, createdAt: f.createdAt },
    })
    .from(s)
    .innerJoin(t, eq(t.id, s.tenantId))
    .leftJoin(f, eq(f.sessionId, s.id))
    .where(and(eq(s.id, id as string), eq(s.mode, "test")))
    .limit(1);

const leanSessionShape = preparedQuery("prepared_test_session_shape", (db, name) => sessionShape(db, sql.placeholder("id")).prepare(name));

const insertReturning = preparedQuery("prepared_test_insert_file", (db, name) =>
  db
    .insert(f)
    .values({
      id: sql.placeholder("id"),
      tenantId: sql.placeholder("tenantId"),
      sessionId: sql.placeholder("sessionId"),
      storageKey: "k",
      contentType: "application/pdf",
      bytes: 1234,
      pageCount: 2,
      pageReports: sql.placeholder("pageReports"),
      createdAt: sql.placeholder("at"),
      retainUntil: sql.placeholder("at"),
    })
    .returning({ id: f.id, createdAt: f.createdAt, pageReports: f.pageReports })
    .prepare(name),
);

describe("preparedQuery", () => {
  it("answers exactly what drizzle answers: a left-joined row absent (null), then present, timestamps as Dates, JSON parsed", async () => {
    const { db } = svc.get();
    const tenant = await seedTenant(db);
    const sessionId = await seedSession(db, tenant.tenantId, { metadata: { order: "a", nested: { n: 1 } } });
    const absent = await leanSessionShape(db).execute({ id: sessionId });
    expect(absent).toEqual(await sessionShape(db, sessionId));
    expect(absent[0].file).toBeNull();
    expect(absent[0].createdAt).toBeInstanceOf(Date);

    const at = new Date("2026-12-07T10:11:12.345Z");
    const fileId = newId("file");
    const pageReports = [{ page: 1, legibility: 0.9 }];
    const inserted = await insertReturning(db).execute({ id: fileId, tenantId: tenant.tenantId, sessionId, pageReports, at });
    expect(inserted).toEqual([{ id: fileId, createdAt: at, pageReports }]);

    const present = await leanSessionShape(db).execute({ id: sessionId });
    expect(present).toEqual(await sessionShape(db, sessionId));
    expect(present[0].file).toEqual({ id: fileId, bytes: 1234, pageReports, createdAt: at });
    expect(await leanSessionShape(db).execute({ id: "no_such_session" })).toEqual([]);
  });

  it("refuses a call without one of its placeholders, and wraps the driver's error as drizzle does (the cause kept)", async () => {
    const { db } = svc.get();
    await expect(leanSessionShape(db).execute({})).rejects.toThrow('preparedQuery(prepared_test_session_shape): no value for placeholder "id"');
    const tenant = await seedTenant(db);
    const failed = insertReturning(db).execute({ id: newId("file"), tenantId: tenant.tenantId, sessionId: "no_such_session", pageReports: null, at: new Date() });
    await expect(failed).rejects.toBeInstanceOf(DrizzleQueryError);
    await expect(failed).rejects.toMatchObject({ cause: { code: "23503" } });
  });
});

describe("preparedQuery's drivers", () => {
  it("refuses, by name and before any call, a handle whose driver is neither pg nor PGlite", () => {
    const unknownDriver = drizzle({ client: { query: async () => ({ rows: [] }) } as never, schema }) as unknown as PoolDb;
    expect(() => leanSessionShape(unknownDriver)).toThrow("preparedQuery(prepared_test_session_shape): the database handle's driver is neither pg nor PGlite");
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))("runs through a single pg client as through the pool (Postgres)", async () => {
    const { db } = svc.get();
    const tenant = await seedTenant(db);
    const sessionId = await seedSession(db, tenant.tenantId);
    const client = new Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
    try {
      const viaClient = drizzle({ client, schema }) as unknown as PoolDb;
      expect(await leanSessionShape(viaClient).execute({ id: sessionId })).toEqual(await sessionShape(db, sessionId));
    } finally {
      await client.end();
    }
  });
});
