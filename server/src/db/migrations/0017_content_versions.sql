-- Issue 18, deliverable 5 (content editing, ADR 025): every edit of a CMS entry is a version; the
-- published one is copied to content_entries, which the public endpoints read.
CREATE TABLE "content_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"locale" text NOT NULL,
	"version" integer NOT NULL,
	"value" jsonb NOT NULL,
	"status" text NOT NULL,
	"author_user_id" uuid,
	"restored_from" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	CONSTRAINT "content_versions_status_check" CHECK ("status" in ('draft', 'published', 'superseded')),
	CONSTRAINT "content_versions_locale_check" CHECK ("locale" in ('el', 'en'))
);
--> statement-breakpoint
ALTER TABLE "content_versions" ADD CONSTRAINT "content_versions_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "content_versions_key_locale_version_idx" ON "content_versions" USING btree ("key","locale","version");
--> statement-breakpoint
CREATE UNIQUE INDEX "content_versions_one_draft_idx" ON "content_versions" USING btree ("key","locale") WHERE "status" = 'draft';
--> statement-breakpoint
CREATE UNIQUE INDEX "content_versions_one_published_idx" ON "content_versions" USING btree ("key","locale") WHERE "status" = 'published';
