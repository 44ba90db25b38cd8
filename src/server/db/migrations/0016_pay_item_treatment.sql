ALTER TABLE "pay_items" ADD COLUMN "treatment" text;--> statement-breakpoint
-- Items added before the choice existed were paid outside CPF, as reimbursements: they keep that
-- treatment, so the payslips and the IR8A read them as they were computed, and the check below holds.
UPDATE "pay_items" SET "treatment" = 'REIMBURSEMENT' WHERE "type" IN ('TRAVEL_ALLOWANCE', 'OTHER');--> statement-breakpoint
ALTER TABLE "pay_items" ADD CONSTRAINT "pay_items_treatment_check" CHECK (case when "pay_items"."type" in ('TRAVEL_ALLOWANCE', 'OTHER') then "pay_items"."treatment" is not null
        and "pay_items"."treatment" in ('WAGE', 'REIMBURSEMENT') else "pay_items"."treatment" is null end);
