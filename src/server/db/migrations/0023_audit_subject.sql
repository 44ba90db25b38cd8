ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_actor_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "subject_user_id" integer;--> statement-breakpoint
CREATE INDEX "audit_log_subject_idx" ON "audit_log" USING btree ("subject_user_id","at");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_user_id","at");--> statement-breakpoint
-- Rows written before the subject column: the user a record is about, where the row says so.
UPDATE "audit_log" SET "subject_user_id" = "entity_id"::integer
  WHERE "entity" = 'user' AND "entity_id" ~ '^[0-9]+$';--> statement-breakpoint
UPDATE "audit_log" SET "subject_user_id" = ("details"->>'userId')::integer
  WHERE "subject_user_id" IS NULL AND "details"->>'userId' ~ '^[0-9]+$';--> statement-breakpoint
UPDATE "audit_log" a SET "subject_user_id" = p."user_id" FROM "payslips" p
  WHERE a."subject_user_id" IS NULL AND a."entity" = 'payslip' AND a."entity_id" = p."id"::text;--> statement-breakpoint
-- The trail is append-only: no role the application connects as may change or remove a row.
CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;--> statement-breakpoint
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON "audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
