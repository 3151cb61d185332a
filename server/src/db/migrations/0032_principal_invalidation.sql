-- Issue 36 §1 (ADR 050): each server process caches the principal of a session (the session, its
-- user, roles, companies and second-factor state) for a few seconds. Every write to what the
-- principal is read from tells every process through NOTIFY on one channel, whichever code path
-- made it: `session:<id hash>` (that session), `user:<id>` (every session of the user), `all`.
-- A notification is sent when the transaction commits, and only then; a rolled-back change says
-- nothing. Only the columns the principal reads are watched: the sliding expiry (`last_seen_at`),
-- the tokens, failed sign-ins and the search text change nothing a request needs.

-- A session changed: company switch, acting for a company or merchant, a second factor typed; or
-- its activity moved back (by hand: the server's touch only moves it forward, and is not told).
CREATE FUNCTION "principal_session_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('tessera_invalidate', 'session:' || OLD.id_hash);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "portal_sessions_principal_update" AFTER UPDATE ON "portal_sessions"
  FOR EACH ROW
  WHEN ((OLD.user_id, OLD.company_id, OLD.acting_reason, OLD.acting_since, OLD.acting_merchant_id,
         OLD.amr, OLD.second_factor_at, OLD.created_at)
        IS DISTINCT FROM
        (NEW.user_id, NEW.company_id, NEW.acting_reason, NEW.acting_since, NEW.acting_merchant_id,
         NEW.amr, NEW.second_factor_at, NEW.created_at)
        OR NEW.last_seen_at < OLD.last_seen_at)
  EXECUTE FUNCTION "principal_session_changed"();--> statement-breakpoint
-- Sessions ended (sign-out, sign-out everywhere, lock, password change, a removed user, the purge):
-- one notification per session for a handful, one `all` for a bulk delete (the purge of thousands
-- of expired sessions), once per statement.
CREATE FUNCTION "principal_sessions_ended"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (SELECT count(*) FROM ended) > 50 THEN
    PERFORM pg_notify('tessera_invalidate', 'all');
  ELSE
    PERFORM pg_notify('tessera_invalidate', 'session:' || id_hash) FROM ended;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "portal_sessions_principal_delete" AFTER DELETE ON "portal_sessions"
  REFERENCING OLD TABLE AS ended
  FOR EACH STATEMENT EXECUTE FUNCTION "principal_sessions_ended"();--> statement-breakpoint
-- A user changed: lock, unlock, confirmation, role, name, e-mail, language, password; or removed.
CREATE FUNCTION "principal_user_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('tessera_invalidate', 'user:' || OLD.id);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "users_principal_update" AFTER UPDATE ON "users"
  FOR EACH ROW
  WHEN ((OLD.email, OLD.first_name, OLD.last_name, OLD.role_id, OLD.is_confirmed, OLD.is_locked,
         OLD.preferred_language, OLD.password_hash, OLD.password_changed_at)
        IS DISTINCT FROM
        (NEW.email, NEW.first_name, NEW.last_name, NEW.role_id, NEW.is_confirmed, NEW.is_locked,
         NEW.preferred_language, NEW.password_hash, NEW.password_changed_at))
  EXECUTE FUNCTION "principal_user_changed"();--> statement-breakpoint
CREATE TRIGGER "users_principal_delete" AFTER DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "principal_user_changed"();--> statement-breakpoint
-- A user's companies or second factor changed: the user named by the old row and by the new one.
CREATE FUNCTION "principal_user_row_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('tessera_invalidate', 'user:' || OLD.user_id);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('tessera_invalidate', 'user:' || NEW.user_id);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "user_companies_principal" AFTER INSERT OR UPDATE OR DELETE ON "user_companies"
  FOR EACH ROW EXECUTE FUNCTION "principal_user_row_changed"();--> statement-breakpoint
CREATE TRIGGER "user_second_factors_principal_write" AFTER INSERT OR DELETE ON "user_second_factors"
  FOR EACH ROW EXECUTE FUNCTION "principal_user_row_changed"();--> statement-breakpoint
CREATE TRIGGER "user_second_factors_principal_update" AFTER UPDATE ON "user_second_factors"
  FOR EACH ROW
  WHEN ((OLD.user_id, OLD.enrolled_at) IS DISTINCT FROM (NEW.user_id, NEW.enrolled_at))
  EXECUTE FUNCTION "principal_user_row_changed"();--> statement-breakpoint
-- A company changed which roles must use two factors: every principal may change.
CREATE FUNCTION "principal_all_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('tessera_invalidate', 'all');
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "companies_principal_update" AFTER UPDATE ON "companies"
  FOR EACH ROW
  WHEN (OLD.second_factor_role_ids IS DISTINCT FROM NEW.second_factor_role_ids)
  EXECUTE FUNCTION "principal_all_changed"();
--> statement-breakpoint
-- Emptied tables (an operator's TRUNCATE fires no row or delete trigger): every principal may change.
CREATE TRIGGER "portal_sessions_principal_truncate" AFTER TRUNCATE ON "portal_sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION "principal_all_changed"();--> statement-breakpoint
CREATE TRIGGER "users_principal_truncate" AFTER TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "principal_all_changed"();--> statement-breakpoint
CREATE TRIGGER "user_companies_principal_truncate" AFTER TRUNCATE ON "user_companies"
  FOR EACH STATEMENT EXECUTE FUNCTION "principal_all_changed"();--> statement-breakpoint
CREATE TRIGGER "user_second_factors_principal_truncate" AFTER TRUNCATE ON "user_second_factors"
  FOR EACH STATEMENT EXECUTE FUNCTION "principal_all_changed"();
