-- The credit rule's hold as a counter (issue 14). Counting a tenant's live sessions on every
-- opening (drizzle/0005) costs O(open sessions) under the tenant row lock: 6 ms at 12,000 open
-- sessions, which capped a tenant at about 160 openings a second and fell as sessions piled up.
-- "held_sessions" is an upper bound on that count instead: an opening adds 1, a completion or
-- failure before the TTL takes 1 off (lib/sessions/hold.ts), and a session that expires keeps
-- its hold until the next recount. Only when the bound leaves no credit free is the exact count
-- taken (the old check's query), and it replaces the bound; so the answer is the exact rule's.
ALTER TABLE "tenants" ADD COLUMN "held_sessions" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "tenants" t SET "held_sessions" = (
  SELECT count(*)::integer FROM "sessions" s
  WHERE s."tenant_id" = t."id" AND s."status" IN ('created', 'opened', 'scanning') AND s."token_used_at" IS NULL AND s."expires_at" > now()
);--> statement-breakpoint
-- Reserves one credit's hold for a session about to be inserted by the calling statement;
-- false when the balance does not cover it. Being VOLATILE, each query below runs on a snapshot
-- taken when it starts, so the exact count, taken after the row lock, sees every opening,
-- completion and failure committed before the lock was granted.
CREATE FUNCTION "session_credit_reserve"("p_tenant_id" text, "p_now" timestamp with time zone, "p_live_states" text[])
RETURNS boolean
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  live integer;
  covered boolean;
BEGIN
  -- The bound leaves a credit free. Concurrent openings queue on the row lock, and each
  -- re-checks the condition on the row as the one before it left it.
  UPDATE "tenants" SET "held_sessions" = "held_sessions" + 1
    WHERE "id" = "p_tenant_id" AND "credits" - "held_sessions" >= 1;
  IF FOUND THEN RETURN true; END IF;
  PERFORM 1 FROM "tenants" WHERE "id" = "p_tenant_id" FOR UPDATE;
  SELECT count(*)::integer INTO live FROM "sessions" s
    WHERE s."tenant_id" = "p_tenant_id" AND s."status" = ANY ("p_live_states")
      AND s."token_used_at" IS NULL AND s."expires_at" > "p_now";
  UPDATE "tenants" SET "held_sessions" = live + ("credits" - live >= 1)::integer
    WHERE "id" = "p_tenant_id"
    RETURNING "credits" - live >= 1 INTO covered;
  RETURN coalesce(covered, false);
END
$$;
-- session_credit_check (0005) stays until a later migration: instances still running the old
-- code during a rolling deploy call it, and dropping it here would turn their session
-- creations into 500s. Their openings do not raise held_sessions, so the bound can then sit
-- a few below the live sessions until an opening is refused and recounts; meanwhile the
-- completion's own balance check still keeps every balance at or above zero.
