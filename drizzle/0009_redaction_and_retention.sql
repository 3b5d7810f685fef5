CREATE TABLE "redaction_audit" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"session_id" text NOT NULL,
	"actor" jsonb NOT NULL,
	"outcome" text NOT NULL,
	"detail" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "redaction_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "redaction_actor" jsonb;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "redaction_lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "redacted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "document_retention_seconds" integer;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "redact_after_days" integer;--> statement-breakpoint
ALTER TABLE "redaction_audit" ADD CONSTRAINT "redaction_audit_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "redaction_audit_session_idx" ON "redaction_audit" USING btree ("session_id","created_at");