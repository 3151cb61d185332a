-- Issue 36 §5 (ADR 055): the rows of a bulk file are written once, in bulk, by the worker that
-- holds the import's lease, which it renews in the same transaction as each batch of rows: a
-- batch whose import is gone (or was taken over) finds no lease and is rolled back. The
-- foreign key checked that again for every row, one lookup of the import per row (about a sixth
-- of the insert); it goes, and this trigger does what its cascade did: the rows go with their
-- import (a deleted or purged import, a deleted company), once per statement.
ALTER TABLE "bulk_import_rows" DROP CONSTRAINT "bulk_import_rows_import_id_bulk_imports_id_fk";--> statement-breakpoint
CREATE FUNCTION "bulk_import_rows_follow_their_import"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "bulk_import_rows" AS r USING "gone_imports" AS g WHERE r."import_id" = g."id";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "bulk_imports_delete_their_rows" AFTER DELETE ON "bulk_imports"
  REFERENCING OLD TABLE AS "gone_imports"
  FOR EACH STATEMENT EXECUTE FUNCTION "bulk_import_rows_follow_their_import"();
