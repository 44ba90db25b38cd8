-- Issue 33: requests that met queued one payslip in several jobs. Of the sends of a payslip queued or
-- in hand, the one in a worker's hands (else the oldest) is kept; the copies are dropped before the
-- index that keeps them from coming back. Their queue jobs then find no row and end without sending.
DELETE FROM "payslip_emails" WHERE "id" IN (
  SELECT "id" FROM (
    SELECT "id", row_number() OVER (
      PARTITION BY "payslip_id" ORDER BY ("status" = 'sending') DESC, "id"
    ) AS "rank"
    FROM "payslip_emails" WHERE "status" in ('queued', 'sending')
  ) AS "open" WHERE "rank" > 1
);--> statement-breakpoint
CREATE UNIQUE INDEX "payslip_emails_open_key" ON "payslip_emails" USING btree ("payslip_id") WHERE "payslip_emails"."status" in ('queued', 'sending');
