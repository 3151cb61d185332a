ALTER TABLE "draft_orders" ADD COLUMN "made_by" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "made_by" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "bulk_imports" ADD COLUMN "made_by" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "recurring_rules" ADD COLUMN "made_by" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "api_client_secrets" ADD COLUMN "created_by" uuid;--> statement-breakpoint
-- Issue 33 §2 (ADR 040): what is known of who made what so far.
UPDATE "draft_orders" SET "made_by" = ARRAY["created_by"];--> statement-breakpoint
UPDATE "orders" SET "made_by" = array_remove(ARRAY["submitted_by", "drafted_by"], NULL);--> statement-breakpoint
UPDATE "bulk_imports" SET "made_by" = ARRAY["created_by"];--> statement-breakpoint
UPDATE "recurring_rules" SET "made_by" = ARRAY["created_by"];--> statement-breakpoint
UPDATE "api_client_secrets" AS s SET "created_by" = c."created_by" FROM "api_clients" AS c WHERE c."id" = s."client_id";
--> statement-breakpoint
-- A rotation's secret was made in the transaction of its audit entry: the same now().
UPDATE "api_client_secrets" AS s SET "created_by" = a."actor_user_id"
  FROM "api_clients" AS c, "audit_log" AS a
  WHERE c."id" = s."client_id" AND a."action" = 'api-client.rotate' AND a."entity" = 'api-client'
    AND a."entity_id" = c."client_id" AND a."created_at" = s."created_at" AND a."actor_user_id" IS NOT NULL;
--> statement-breakpoint
-- Drafts and orders an API client made are also its people's: its creator and its secrets' makers.
UPDATE "draft_orders" AS d SET "made_by" = d."made_by" || array_remove(ARRAY[c."created_by"] || ARRAY(
    SELECT s."created_by" FROM "api_client_secrets" AS s WHERE s."client_id" = c."id" AND s."created_by" IS NOT NULL
  ), NULL)
  FROM "api_clients" AS c WHERE c."id" = d."created_by";--> statement-breakpoint
UPDATE "orders" AS o SET "made_by" = o."made_by" || array_remove(ARRAY[c."created_by"] || ARRAY(
    SELECT s."created_by" FROM "api_client_secrets" AS s WHERE s."client_id" = c."id" AND s."created_by" IS NOT NULL
  ), NULL)
  FROM "api_clients" AS c WHERE c."id" = o."submitted_by" OR c."id" = o."drafted_by";
