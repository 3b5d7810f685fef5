ALTER TABLE "webhook_deliveries" ADD COLUMN "event_id" text;--> statement-breakpoint
-- Deliveries made before event ids: each chain of replays shares its first delivery's id as its event id.
WITH RECURSIVE chain(id, root) AS (
  SELECT "id", "id" FROM "webhook_deliveries" WHERE "replay_of" IS NULL
  UNION ALL
  SELECT d."id", chain.root FROM "webhook_deliveries" d JOIN chain ON d."replay_of" = chain.id
)
UPDATE "webhook_deliveries" w SET "event_id" = 'evt_' || substr(chain.root, 5) FROM chain WHERE w."id" = chain.id;--> statement-breakpoint
UPDATE "webhook_deliveries" SET "event_id" = 'evt_' || substr("id", 5) WHERE "event_id" IS NULL;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ALTER COLUMN "event_id" SET NOT NULL;
