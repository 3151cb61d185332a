ALTER TABLE "portal_sessions" ADD COLUMN "acting_reason" text;--> statement-breakpoint
ALTER TABLE "portal_sessions" ADD COLUMN "acting_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "portal_sessions" ADD COLUMN "acting_merchant_id" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "acting_reason" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "merchant_id" text;--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_user_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","created_at");--> statement-breakpoint
CREATE FUNCTION "audit_log_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "audit_log_no_update_or_delete" BEFORE UPDATE OR DELETE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION "audit_log_refuse_change"();--> statement-breakpoint
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_refuse_change"();
