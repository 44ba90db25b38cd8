ALTER TABLE "pay_items" DROP CONSTRAINT "pay_items_origin_check";--> statement-breakpoint
ALTER TABLE "pay_items" DROP CONSTRAINT "pay_items_kind_type_check";--> statement-breakpoint
ALTER TABLE "claims" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "claims" ADD COLUMN "pay_item_id" integer;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_pay_item_id_pay_items_id_fk" FOREIGN KEY ("pay_item_id") REFERENCES "public"."pay_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "claims_pay_item_key" ON "claims" USING btree ("pay_item_id");--> statement-breakpoint
ALTER TABLE "pay_items" ADD CONSTRAINT "pay_items_origin_check" CHECK (("pay_items"."source" is null or "pay_items"."source" in ('TIMESHEET', 'CLAIM'))
      and ("pay_items"."hours" is null or "pay_items"."hours" > 0));--> statement-breakpoint
ALTER TABLE "pay_items" ADD CONSTRAINT "pay_items_kind_type_check" CHECK (("pay_items"."kind" = 'ADHOC' and "pay_items"."type" in ('OVERTIME', 'INCENTIVE', 'MOBILE_ALLOWANCE', 'OFFDAY', 'PUBLIC_HOLIDAY', 'RETENTION_INCENTIVE')) or ("pay_items"."kind" = 'BONUS' and "pay_items"."type" in ('COMMISION', 'ANNUAL_LEAVE_ENCASHMENT', 'BONUS', 'AWS', 'DIRECTOR_FEE', 'BACK_PAY')) or ("pay_items"."kind" = 'DEDUCTION' and "pay_items"."type" in ('LATENESS', 'UNPAID_LEAVE')) or ("pay_items"."kind" = 'OTHER_ADDITION' and "pay_items"."type" in ('TRAVEL_ALLOWANCE', 'SKILL_ALLOWANCE', 'MEDICAL_CLAIM', 'OTHER', 'EXPENSE_CLAIM', 'TAXABLE_EXPENSE_CLAIM')) or ("pay_items"."kind" = 'OTHER_DEDUCTION' and "pay_items"."type" in ('DEDUCTION', 'ADVANCE', 'MEDICAL_CO_SHARE', 'NS_MAKEUP_PAY', 'LOAN')));--> statement-breakpoint
-- Hand-written (issue 37 item 3): claims decided before this migration were decided when last updated.
UPDATE "claims" SET "decided_at" = "updated_at" WHERE "decided_by_id" IS NOT NULL AND "decided_at" IS NULL;
