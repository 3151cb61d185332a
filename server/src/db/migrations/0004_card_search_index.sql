-- Trigram indexes for the accent-free substring searches of the card list and delivery points,
-- where the database offers pg_trgm (PostgreSQL with contrib). PGlite does not bundle it: there the
-- searches scan the company's rows, which is fast enough at its sizes (ADR 008).
DO $$
BEGIN
  BEGIN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
  EXCEPTION WHEN OTHERS THEN
    RAISE NOTICE 'pg_trgm is not available: card search runs without a trigram index';
    RETURN;
  END;
  EXECUTE 'CREATE INDEX IF NOT EXISTS cards_search_trgm_idx ON cards USING gin (search_text gin_trgm_ops)';
  EXECUTE 'CREATE INDEX IF NOT EXISTS delivery_points_search_trgm_idx ON delivery_points USING gin (search_text gin_trgm_ops)';
END;
$$;
