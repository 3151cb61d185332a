ALTER TABLE "companies" ADD COLUMN "street" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "street_number" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "postal_code" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "city" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "products" jsonb DEFAULT '["SPENDEO","MY_BENEFITS","TICKET_RESTAURANT","VOUCHER","COPMLIMENT"]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "pricing" jsonb;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "deactivated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "deactivation_reason" text;--> statement-breakpoint
CREATE TABLE "core_categories" (
	"code" text PRIMARY KEY NOT NULL,
	"name_el" text NOT NULL,
	"name_en" text NOT NULL,
	"mcc_codes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
INSERT INTO "core_categories" ("code", "name_el", "name_en", "mcc_codes", "position") VALUES
	('food', 'Τρόφιμα και σούπερ μάρκετ', 'Food and groceries', '["5411","5422","5441","5451","5462","5499","5812","5814"]'::jsonb, 1),
	('health', 'Υγεία και φαρμακεία', 'Health and pharmacies', '["5047","5912","8011","8021","8062","8099"]'::jsonb, 2),
	('education', 'Εκπαίδευση και βιβλία', 'Education and books', '["5942","5943","8211","8220","8241","8244","8249","8299"]'::jsonb, 3),
	('transport', 'Μετακινήσεις', 'Transport', '["4111","4112","4121","4131","4789","7523"]'::jsonb, 4),
	('fuel', 'Καύσιμα', 'Fuel', '["5541","5542","5983"]'::jsonb, 5),
	('childcare', 'Παιδική φροντίδα', 'Childcare', '["5641","5945","8351"]'::jsonb, 6),
	('wellbeing', 'Άθληση και ευεξία', 'Sport and wellbeing', '["5655","5940","7298","7941","7997"]'::jsonb, 7),
	('culture', 'Πολιτισμός και ψυχαγωγία', 'Culture and leisure', '["5733","5735","7832","7922","7929","7991","7996","7998"]'::jsonb, 8);--> statement-breakpoint
CREATE TABLE "leads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"company_name" text NOT NULL,
	"vat" text NOT NULL,
	"contact_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"size" integer NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"locale" text NOT NULL,
	"converted_to" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leads_reference_unique" UNIQUE("reference")
);--> statement-breakpoint
CREATE INDEX "leads_kind_status_idx" ON "leads" USING btree ("kind","status","created_at");
