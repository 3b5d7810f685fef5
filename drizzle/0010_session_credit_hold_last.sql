-- An opening's credit hold under the bound alone, raising instead of answering false, so the
-- opening can insert its session first and take the tenant row lock last
-- (lib/sessions/insert-session.ts). Every opening of a tenant queues on that lock until its
-- statement commits: taken before the insert, the queue waited through each session's insert
-- and its three index entries as well; taken last, only through the key check and the commit
-- (pgbench, 10 clients on one tenant: 8,000 -> 11,000 openings a second). The raise rolls the
-- inserted session back with the statement; the caller then runs the exact rule
-- (session_credit_reserve, 0006), which recounts when the bound leaves no credit free.
CREATE FUNCTION "session_credit_hold"("p_tenant_id" text)
RETURNS boolean
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  UPDATE "tenants" SET "held_sessions" = "held_sessions" + 1
    WHERE "id" = "p_tenant_id" AND "credits" - "held_sessions" >= 1;
  IF FOUND THEN RETURN true; END IF;
  RAISE EXCEPTION 'no credit free under the held-sessions bound of tenant %', "p_tenant_id" USING ERRCODE = 'DS402';
END
$$;
