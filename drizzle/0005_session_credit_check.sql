-- Session creation's credit rule (review M7, lib/sessions/insert-session.ts) in the statement
-- that inserts the session (issue 14: one round trip instead of a five-statement transaction).
-- Locks the tenant row, then counts its live sessions. Being VOLATILE, the function runs
-- each of its queries on a snapshot taken when that query starts, so the count comes after
-- the lock and sees every session committed by an opening that held the lock first; the
-- same count written into the calling statement would use that statement's earlier
-- snapshot and miss them. Which statuses are live is the caller's (LIVE_STATES).
CREATE FUNCTION "session_credit_check"("p_tenant_id" text, "p_now" timestamp with time zone, "p_created_after" timestamp with time zone, "p_live_states" text[])
RETURNS TABLE ("balance" integer, "held" integer)
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM 1 FROM "tenants" WHERE "id" = "p_tenant_id" FOR UPDATE;
  RETURN QUERY
    SELECT t."credits", (
      SELECT count(*)::integer FROM "sessions" s
      WHERE s."tenant_id" = "p_tenant_id" AND s."created_at" > "p_created_after" AND s."status" = ANY ("p_live_states")
        AND s."token_used_at" IS NULL AND s."expires_at" > "p_now"
    )
    FROM "tenants" t WHERE t."id" = "p_tenant_id";
END
$$;
