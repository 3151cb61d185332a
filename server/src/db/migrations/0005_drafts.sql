CREATE TABLE "idempotency_keys" (
	"user_id" uuid NOT NULL,
	"route" text NOT NULL,
	"key" text NOT NULL,
	"company_id" text,
	"request_hash" text NOT NULL,
	"response" json,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_route_key_pk" PRIMARY KEY("user_id","route","key")
);
--> statement-breakpoint
CREATE TABLE "draft_order_cards" (
	"draft_id" uuid NOT NULL,
	"temp_card_id" text NOT NULL,
	"card_id" uuid,
	"cardholder_id" uuid,
	"cardholder" jsonb,
	"card_name" text DEFAULT '' NOT NULL,
	"amount_cents" bigint NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "draft_order_cards_draft_id_temp_card_id_pk" PRIMARY KEY("draft_id","temp_card_id")
);
--> statement-breakpoint
CREATE TABLE "draft_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" text NOT NULL,
	"reason" text NOT NULL,
	"order_type" text NOT NULL,
	"product" text NOT NULL,
	"family" text NOT NULL,
	"alias" text DEFAULT '' NOT NULL,
	"invoice_comments" text DEFAULT '' NOT NULL,
	"delivery_point_id" uuid,
	"bulk_amount_cents" bigint,
	"expiring_date" text,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "draft_order_cards" ADD CONSTRAINT "draft_order_cards_draft_id_draft_orders_id_fk" FOREIGN KEY ("draft_id") REFERENCES "public"."draft_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draft_orders" ADD CONSTRAINT "draft_orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draft_orders" ADD CONSTRAINT "draft_orders_delivery_point_id_delivery_points_id_fk" FOREIGN KEY ("delivery_point_id") REFERENCES "public"."delivery_points"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "draft_orders_company_updated_idx" ON "draft_orders" USING btree ("company_id","updated_at");