-- Issue 35 §1 (ADR 046): the cardholder identity. A cardholder is not a portal user: they sign in
-- with a one-time code mailed to the e-mail their employer gave for them (`cardholders.email`), then
-- may add passkeys. Every table is keyed by that e-mail, always lower-cased. Codes and session ids
-- are stored hashed. `cardholder_events` is the sign-in and lock history customer care reads.
CREATE TABLE "cardholder_accounts" (
	"email" text PRIMARY KEY NOT NULL,
	"display_name" text DEFAULT '' NOT NULL,
	"locale" text DEFAULT 'el' NOT NULL,
	"invited_at" timestamp with time zone,
	"activated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cardholder_accounts_email_lower_check" CHECK ("email" = lower("email")),
	CONSTRAINT "cardholder_accounts_locale_check" CHECK ("locale" in ('el', 'en'))
);
--> statement-breakpoint
CREATE TABLE "cardholder_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip" text
);
--> statement-breakpoint
CREATE TABLE "cardholder_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"user_agent" text,
	"ip" text
);
--> statement-breakpoint
CREATE TABLE "cardholder_passkeys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"credential_id" text NOT NULL,
	"public_key" text NOT NULL,
	"counter" bigint DEFAULT 0 NOT NULL,
	"transports" text[] DEFAULT '{}' NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "cardholder_passkeys_credential_id_unique" UNIQUE("credential_id")
);
--> statement-breakpoint
CREATE TABLE "cardholder_challenges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text,
	"purpose" text NOT NULL,
	"challenge" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cardholder_challenges_purpose_check" CHECK ("purpose" in ('registration', 'authentication'))
);
--> statement-breakpoint
CREATE TABLE "cardholder_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"card_id" uuid,
	"actor" text DEFAULT 'cardholder' NOT NULL,
	"reason" text,
	"ip" text
);
--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "locked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "locked_by" text;--> statement-breakpoint
CREATE INDEX "cardholder_codes_email_idx" ON "cardholder_codes" USING btree ("email","created_at");--> statement-breakpoint
CREATE INDEX "cardholder_sessions_email_idx" ON "cardholder_sessions" USING btree ("email");--> statement-breakpoint
CREATE INDEX "cardholder_passkeys_email_idx" ON "cardholder_passkeys" USING btree ("email");--> statement-breakpoint
CREATE INDEX "cardholder_challenges_expires_idx" ON "cardholder_challenges" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "cardholder_events_email_idx" ON "cardholder_events" USING btree ("email","at");--> statement-breakpoint
CREATE INDEX "cardholder_events_card_idx" ON "cardholder_events" USING btree ("card_id","at");--> statement-breakpoint
-- Every card of a signed-in cardholder is found by the holder record's e-mail, across companies.
CREATE INDEX "cardholders_email_lower_idx" ON "cardholders" USING btree (lower("email"));
--> statement-breakpoint
-- A cardholder's movements list the card's declined calls beside its ledger entries (issue 35 §2).
CREATE INDEX "terminal_transactions_card_declined_idx" ON "terminal_transactions" USING btree ("card_id","created_at") WHERE "terminal_transactions"."outcome" = 'declined';
