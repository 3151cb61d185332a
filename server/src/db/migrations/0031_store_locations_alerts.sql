-- Issue 35 §4–5 (ADR 047): where to spend a card, and the cardholder's alerts.
-- A store's coordinates (WGS 84, both or neither) and its neighbourhood, for the cardholder's store
-- search; the search filters in SQL and sorts by the haversine distance computed there.
ALTER TABLE "merchant_stores" ADD COLUMN "lat" double precision;--> statement-breakpoint
ALTER TABLE "merchant_stores" ADD COLUMN "lng" double precision;--> statement-breakpoint
ALTER TABLE "merchant_stores" ADD COLUMN "area" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "merchant_stores" ADD CONSTRAINT "merchant_stores_coordinates_check" CHECK (("lat" is null) = ("lng" is null) and ("lat" is null or ("lat" between -90 and 90 and "lng" between -180 and 180)));--> statement-breakpoint
-- What a cardholder wants to be told, keyed by their lower-cased e-mail (as cardholder_accounts).
CREATE TABLE "cardholder_alert_settings" (
	"email" text PRIMARY KEY NOT NULL,
	"purchase" boolean DEFAULT false NOT NULL,
	"decline" boolean DEFAULT false NOT NULL,
	"low_balance_cents" integer,
	"expiry_reminders" boolean DEFAULT true NOT NULL,
	"locale" text DEFAULT 'el' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cardholder_alert_settings_email_lower_check" CHECK ("email" = lower("email")),
	CONSTRAINT "cardholder_alert_settings_locale_check" CHECK ("locale" in ('el', 'en')),
	CONSTRAINT "cardholder_alert_settings_threshold_check" CHECK ("low_balance_cents" is null or "low_balance_cents" > 0)
);
--> statement-breakpoint
-- The bell: both languages kept, so a change of language shows every entry in the new one.
CREATE TABLE "cardholder_notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"card_id" uuid,
	"title_el" text NOT NULL,
	"title_en" text NOT NULL,
	"body_el" text NOT NULL,
	"body_en" text NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "cardholder_notifications_kind_check" CHECK ("kind" in ('purchase', 'decline', 'low-balance', 'expiry'))
);
--> statement-breakpoint
-- The expiry reminders sent: one per card, expiry day, reminder (30 or 7 days) and e-mail, so a
-- second run of the daily job on the same day sends nothing twice.
CREATE TABLE "cardholder_expiry_reminders" (
	"card_id" uuid NOT NULL,
	"expires_on" date NOT NULL,
	"days_before" integer NOT NULL,
	"email" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cardholder_expiry_reminders_pk" PRIMARY KEY("card_id","expires_on","days_before","email")
);
--> statement-breakpoint
CREATE INDEX "cardholder_notifications_email_idx" ON "cardholder_notifications" USING btree ("email","at");--> statement-breakpoint
CREATE INDEX "cardholder_notifications_unread_idx" ON "cardholder_notifications" USING btree ("email") WHERE "cardholder_notifications"."read_at" is null;--> statement-breakpoint
-- The store search reads the stores that accept one product.
CREATE INDEX "merchant_stores_products_idx" ON "merchant_stores" USING gin ("accepted_products");
