ALTER TABLE "pay_items" ADD COLUMN "treatment" text;--> statement-breakpoint
-- Items added before the choice existed were paid outside CPF, as reimbursements: they keep that
-- treatment, so the payslips and the IR8A read them as they were computed. The check that every such
-- type carries a treatment follows in the next migration, once these rows have theirs.
UPDATE "pay_items" SET "treatment" = 'REIMBURSEMENT' WHERE "type" IN ('TRAVEL_ALLOWANCE', 'OTHER');
