ALTER TABLE "sessions" ALTER COLUMN "metadata" SET DATA TYPE json;--> statement-breakpoint
ALTER TABLE "sessions" ALTER COLUMN "metadata" SET DEFAULT '{}'::json;