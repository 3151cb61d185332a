CREATE TABLE "order_approvals" (
	"order_id" uuid NOT NULL,
	"approver_id" uuid NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_approvals_order_id_approver_id_pk" PRIMARY KEY("order_id","approver_id")
);
--> statement-breakpoint
ALTER TABLE "company_order_settings" ADD COLUMN "second_approval_threshold_cents" bigint;--> statement-breakpoint
ALTER TABLE "company_order_settings" ADD COLUMN "approval_expiry_days" integer DEFAULT 14 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "approvals_required" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "approval_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "drafted_by" uuid;--> statement-breakpoint
ALTER TABLE "order_approvals" ADD CONSTRAINT "order_approvals_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_approval_expires_idx" ON "orders" USING btree ("approval_expires_at") WHERE "orders"."status" = 'awaiting_approval';--> statement-breakpoint
UPDATE "orders" SET "approvals_required" = 1, "approval_expires_at" = now() + interval '14 days' WHERE "approval_required" AND "status" = 'awaiting_approval';--> statement-breakpoint
UPDATE "orders" SET "approvals_required" = 1 WHERE "approval_required" AND "status" <> 'awaiting_approval';
