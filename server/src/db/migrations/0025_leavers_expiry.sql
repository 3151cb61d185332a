ALTER TABLE "cardholders" ADD COLUMN "leaver_marked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cardholders" ADD COLUMN "leaving_date" date;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "do_not_renew" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "cardholders_company_leaver_idx" ON "cardholders" USING btree ("company_id") WHERE "cardholders"."leaver_marked_at" is not null;