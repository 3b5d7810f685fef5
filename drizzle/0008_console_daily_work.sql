ALTER TABLE "credit_ledger" DROP CONSTRAINT "credit_ledger_session_id_sessions_id_fk";
--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "webhook_secret_shown_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "low_balance_threshold" integer;--> statement-breakpoint
-- Accounts that already have an endpoint keep rotation as the way to see their secret; the rest get it shown when they first set one.
UPDATE "tenants" SET "webhook_secret_shown_at" = "created_at" WHERE "webhook_url" IS NOT NULL;
