ALTER TABLE "draft_orders" ADD COLUMN "pending_import_id" uuid;--> statement-breakpoint
ALTER TABLE "bulk_imports" ADD COLUMN "convert_plan" jsonb;--> statement-breakpoint
ALTER TABLE "bulk_imports" ADD COLUMN "convert_owner" text;--> statement-breakpoint
ALTER TABLE "bulk_imports" ADD COLUMN "convert_heartbeat_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "draft_orders" ADD CONSTRAINT "draft_orders_pending_import_id_bulk_imports_id_fk" FOREIGN KEY ("pending_import_id") REFERENCES "public"."bulk_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "draft_orders_pending_import_idx" ON "draft_orders" USING btree ("pending_import_id") WHERE "draft_orders"."pending_import_id" is not null;